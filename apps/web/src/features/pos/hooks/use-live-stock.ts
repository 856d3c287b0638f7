import type { Product } from '@pos/shared';
import { type InfiniteData, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { productKeys } from '../../../lib/api/products.api';
import { openLiveEvents } from '../api/events.api';
import { setLocalStock, syncCatalogue } from '../offline/catalogue-sync';
import { useConnectivity } from '../offline/connectivity';
import { cartStore } from '../store/cart-store';

type TilesPage = { data: Product[] };

/**
 * While online, the branch's event stream keeps the register current: a stock change goes into the
 * tiles on screen, the cart lines' limits and IndexedDB at once; a product change (price, edit,
 * deletion) refreshes the tiles from the server.
 */
export function useLiveStock(branchId: string | null) {
  const online = useConnectivity((s) => s.online);
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!branchId || !online) return;
    return openLiveEvents(branchId, (event) => {
      if (event.type === 'stock') {
        const { productId, stockQuantity } = event;
        queryClient.setQueriesData<InfiniteData<TilesPage>>({ queryKey: [...productKeys.all, branchId] }, (data) =>
          data?.pages
            ? {
                ...data,
                pages: data.pages.map((page) => ({
                  ...page,
                  data: page.data.map((p) => (p.id === productId ? { ...p, stockQuantity } : p)),
                })),
              }
            : data,
        );
        cartStore.getState().syncStock([{ id: productId, stockQuantity }]);
        void setLocalStock(productId, stockQuantity).catch(() => {});
      } else {
        // A product edited or deleted, or too many changes at once (resync): the catalogue catches up.
        void syncCatalogue(branchId).catch(() => {});
        void queryClient.invalidateQueries({ queryKey: productKeys.all });
      }
    });
  }, [branchId, online, queryClient]);
}
