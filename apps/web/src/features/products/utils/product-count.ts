import type { ProductPageMeta } from '../../../lib/api/products.api';

/** The products page's count: '1 product', '2,345 products', or 'More than 500 products' past the server's cap. */
export function productCountLabel({ total, totalCapped }: Pick<ProductPageMeta, 'total' | 'totalCapped'>): string {
  const count = total.toLocaleString('en-US');
  if (totalCapped) return `More than ${count} products`;
  return `${count} ${total === 1 ? 'product' : 'products'}`;
}
