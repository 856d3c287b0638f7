import { useStore } from 'zustand';
import { createStore } from 'zustand/vanilla';

/** The cart line whose price is being changed ("Change price" dialog), by its lineKey; null: none. */
export const linePriceStore = createStore<{ key: string | null }>(() => ({ key: null }));

export const useLinePriceKey = () => useStore(linePriceStore, (s) => s.key);
export const openLinePrice = (key: string) => linePriceStore.setState({ key });
export const closeLinePrice = () => linePriceStore.setState({ key: null });
