import { useStore } from 'zustand';
import { createStore } from 'zustand/vanilla';

/** The cart line whose price is being changed ("Change price" dialog); null: none. */
export const linePriceStore = createStore<{ productId: string | null }>(() => ({ productId: null }));

export const useLinePriceProductId = () => useStore(linePriceStore, (s) => s.productId);
export const openLinePrice = (productId: string) => linePriceStore.setState({ productId });
export const closeLinePrice = () => linePriceStore.setState({ productId: null });
