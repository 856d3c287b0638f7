import { numeric } from 'drizzle-orm/pg-core';

/**
 * A quantity (sold, returned, on hand, moved, ordered, counted): up to 3 decimals, so 0.750 kg of rice is
 * one (packages/shared/src/units.ts). Drizzle reads it as a JS number; raw SQL reads it as text, which
 * toQuantity turns into one.
 */
export const quantity = (name: string) => numeric(name, { precision: 12, scale: 3, mode: 'number' });

/** A sum of quantities over many lines or days: wider than one quantity. */
export const quantityTotal = (name: string) => numeric(name, { precision: 18, scale: 3, mode: 'number' });
