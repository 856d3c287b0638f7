import type { Product } from '@pos/shared';
import { useCallback, useState } from 'react';

/**
 * A product picked for labels: what its label needs, kept across pages and searches. `codes`: what its barcode
 * can carry (the SKU, then the variant's barcodes); `code`: the one chosen ('' when it has none).
 */
export type LabelPick = {
  id: string;
  name: string;
  sku: string;
  codes: string[];
  code: string;
  price: number;
  copies: number;
};

function pickOf(product: Product): LabelPick {
  const sku = (product.sku ?? '').trim();
  const codes = [...new Set([sku, ...product.barcodes].map((c) => c.trim()).filter((c) => c !== ''))];
  return { id: product.id, name: product.name, sku, codes, code: codes[0] ?? '', price: product.price, copies: 1 };
}

/** The products picked for barcode labels on the products screen (by id, in the order picked). */
export function useLabelSelection() {
  const [picks, setPicks] = useState<LabelPick[]>([]);
  const isPicked = useCallback((id: string) => picks.some((p) => p.id === id), [picks]);
  const toggle = useCallback((product: Product) => {
    setPicks((current) =>
      current.some((p) => p.id === product.id)
        ? current.filter((p) => p.id !== product.id)
        : [...current, pickOf(product)],
    );
  }, []);
  const setCopies = useCallback((id: string, copies: number) => {
    setPicks((current) => current.map((p) => (p.id === id ? { ...p, copies } : p)));
  }, []);
  const setCode = useCallback((id: string, code: string) => {
    setPicks((current) => current.map((p) => (p.id === id && p.codes.includes(code) ? { ...p, code } : p)));
  }, []);
  const clear = useCallback(() => setPicks([]), []);
  return { picks, isPicked, toggle, setCopies, setCode, clear };
}

export type LabelSelection = ReturnType<typeof useLabelSelection>;
