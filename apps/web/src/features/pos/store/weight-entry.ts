import { useStore } from 'zustand';
import { createStore } from 'zustand/vanilla';
import type { CartProduct } from './cart-store';

/**
 * A quantity the cashier types for a product sold by weight or measure (kg, L, m): a new one to add to the
 * cart (from a tile, a search, a typed SKU), or a line's, named by its lineKey.
 */
export type WeightRequest = { product: CartProduct; lineKey?: string; quantity?: number };

export const weightEntryStore = createStore<{ request: WeightRequest | null }>(() => ({ request: null }));

export const useWeightRequest = () => useStore(weightEntryStore, (s) => s.request);
export const askWeight = (request: WeightRequest) => weightEntryStore.setState({ request });
export const closeWeightEntry = () => weightEntryStore.setState({ request: null });
