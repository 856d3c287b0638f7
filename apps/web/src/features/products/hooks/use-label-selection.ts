import type { Product } from '@pos/shared';
import { useCallback, useState } from 'react';

/** A product picked for labels: what its label needs, kept across pages and searches. */
export type LabelPick = { id: string; name: string; sku: string; price: number; copies: number };

/** The products picked for barcode labels on the products screen (by id, in the order picked). */
export function useLabelSelection() {
  const [picks, setPicks] = useState<LabelPick[]>([]);
  const isPicked = useCallback((id: string) => picks.some((p) => p.id === id), [picks]);
  const toggle = useCallback((product: Product) => {
    setPicks((current) =>
      current.some((p) => p.id === product.id)
        ? current.filter((p) => p.id !== product.id)
        : [...current, { id: product.id, name: product.name, sku: product.sku ?? '', price: product.price, copies: 1 }],
    );
  }, []);
  const setCopies = useCallback((id: string, copies: number) => {
    setPicks((current) => current.map((p) => (p.id === id ? { ...p, copies } : p)));
  }, []);
  const clear = useCallback(() => setPicks([]), []);
  return { picks, isPicked, toggle, setCopies, clear };
}

export type LabelSelection = ReturnType<typeof useLabelSelection>;
