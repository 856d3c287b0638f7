import { type CartTotals, computeCartTotals, type DiscountType, fromMinor, toMinor } from '@pos/shared';
import { useStore } from 'zustand';
import { createStore } from 'zustand/vanilla';
import { newUuid } from '../../../lib/uuid';

/** A product as the register holds it in a cart line (a snapshot from the tile or the scan). */
export type CartProduct = { id: string; name: string; sku: string | null; price: number; stockQuantity: number };

export type CartItem = {
  productId: string;
  name: string;
  sku: string | null;
  price: number;
  /**
   * The price charged for the line when it was changed at the register (the product's price otherwise):
   * the sale sends it as the line's `unit_price`; past the branch's rules a manager approves it at Payment.
   */
  unitPrice?: number;
  /** The stock when the product was last seen; the line never goes above it. */
  stockQuantity: number;
  quantity: number;
};

export type Cart = {
  id: string;
  /** 'Cart 1', 'Cart 2', ...: stable while the tab lives. */
  label: string;
  items: CartItem[];
  /** Percent, 0-100 (the wire unit; computeCartTotals takes percents). */
  taxRate: number;
  discountType: DiscountType;
  /** Percent 0-100 for 'percentage', an amount 0..subtotal for 'amount'. */
  discountValue: number;
  customerName: string;
  customerPhone: string;
  customerEmail: string;
  /** The Idempotency-Key of the payment under way for exactly this cart; any change to the cart drops it. */
  paymentKey: string | null;
};

export type AddResult = 'added' | 'out-of-stock' | 'stock-limit';

/** What a refresh from the server changed in a cart line (after a 409 on payment). */
export type CartLineChange =
  | { kind: 'price'; name: string; from: number; to: number }
  | { kind: 'stock'; name: string; quantity: number; available: number }
  | { kind: 'removed'; name: string; reason: 'gone' | 'out-of-stock' };

/** A cart product as the server holds it now; null when it is no longer available. */
export type FreshProduct = Pick<CartProduct, 'name' | 'price' | 'stockQuantity'> | null;

export type CartState = {
  branchId: string | null;
  carts: Cart[];
  activeCartId: string;
  nextNumber: number;
  /** The branch whose tax setting was applied as the carts' default. */
  taxAppliedFor: string | null;

  /** A different branch: its products are not the old carts' products, so start over. */
  resetForBranch: (branchId: string) => void;
  /** The branch's tax percent as every cart's rate, once per branch. */
  applyBranchTaxRate: (branchId: string, taxRate: number) => void;
  addCart: () => string;
  removeCart: (cartId: string) => void;
  setActiveCart: (cartId: string) => void;
  addProduct: (product: CartProduct, quantity?: number) => AddResult;
  setQuantity: (productId: string, quantity: number) => AddResult;
  increment: (productId: string) => AddResult;
  decrement: (productId: string) => void;
  removeItem: (productId: string) => void;
  /** The line's price changed at the register (2 decimals, 0 or more); null or the product's price: back to it. */
  setLinePrice: (productId: string, price: number | null) => void;
  setTaxRate: (taxRate: number) => void;
  setDiscountType: (discountType: DiscountType) => void;
  setDiscountValue: (discountValue: number) => void;
  setCustomer: (
    patch: Partial<Pick<Cart, 'customerName' | 'customerPhone' | 'customerEmail'>>,
    cartId?: string,
  ) => void;
  /** The cart's payment key, made now when it has none (the Payment modal opens). */
  ensurePaymentKey: (cartId?: string) => string;
  /** After a sale: items, discount value, customer and key go; tax rate and discount type stay. */
  clearAfterSale: (cartId: string) => void;
  /**
   * The server refused the payment (409): the lines take the server's price and stock (quantities cut
   * to the stock, gone products removed) and the payment key goes, so the next payment is a new one.
   */
  refreshFromServer: (cartId: string, fresh: ReadonlyMap<string, FreshProduct>) => CartLineChange[];
  /** Fresh stock figures from the product tiles, for the lines' limits. */
  syncStock: (products: Pick<CartProduct, 'id' | 'stockQuantity'>[]) => void;
};

const clamp = (value: number, min: number, max: number) => Math.min(Math.max(value, min), max);
const finite = (value: number) => (Number.isFinite(value) ? value : 0);

/** A sale's payment key (also its id): a v4 UUID, made in any context (lib/uuid.ts). */
export const newPaymentKey = (): string => newUuid();

/** What the line is charged per unit: its changed price, else the product's. */
export const chargedPrice = (item: Pick<CartItem, 'price' | 'unitPrice'>): number => item.unitPrice ?? item.price;

/** Whether the line's price was changed at the register. */
export const isPriceChanged = (item: Pick<CartItem, 'price' | 'unitPrice'>): boolean =>
  item.unitPrice !== undefined && toMinor(item.unitPrice) !== toMinor(item.price);

export function cartTotals(cart: Pick<Cart, 'items' | 'taxRate' | 'discountType' | 'discountValue'>): CartTotals {
  return computeCartTotals({
    items: cart.items.map((item) => ({ price: chargedPrice(item), quantity: item.quantity })),
    taxRate: cart.taxRate,
    discountType: cart.discountType,
    discountValue: cart.discountValue,
  });
}

const subtotalOf = (items: CartItem[]) => cartTotals({ items, taxRate: 0, discountType: 'amount', discountValue: 0 });

/** The discount value within its rule: percent 0-100 whole, amount 0..subtotal with 2 decimals. */
export function normalizeDiscount(discountType: DiscountType, value: number, items: CartItem[]): number {
  const v = Math.max(finite(value), 0);
  if (discountType === 'percentage') return clamp(Math.round(v), 0, 100);
  return fromMinor(Math.min(toMinor(v), subtotalOf(items).minor.subtotal));
}

export function normalizeTaxRate(value: number): number {
  return fromMinor(toMinor(clamp(finite(value), 0, 100)));
}

function emptyCart(number: number, taxRate: number, discountType: DiscountType = 'percentage'): Cart {
  return {
    id: `cart-${number}`,
    label: `Cart ${number}`,
    items: [],
    taxRate,
    discountType,
    discountValue: 0,
    customerName: '',
    customerPhone: '',
    customerEmail: '',
    paymentKey: null,
  };
}

function initialState() {
  const first = emptyCart(1, 0);
  return { branchId: null, carts: [first], activeCartId: first.id, nextNumber: 2, taxAppliedFor: null };
}

export function createCartStore() {
  return createStore<CartState>()((set, get) => {
    /** Changes one cart (the active one unless named); a changed cart loses its payment key. */
    const update = (change: (cart: Cart) => Cart, cartId = get().activeCartId) =>
      set(({ carts }) => ({
        carts: carts.map((cart) => {
          if (cart.id !== cartId) return cart;
          const next = change(cart);
          return next === cart ? cart : { ...next, paymentKey: null };
        }),
      }));

    /** New items, with an amount discount kept within the new subtotal. */
    const withItems = (cart: Cart, items: CartItem[]): Cart => ({
      ...cart,
      items,
      discountValue:
        cart.discountType === 'amount' ? normalizeDiscount('amount', cart.discountValue, items) : cart.discountValue,
    });

    const activeCart = () => {
      const { carts, activeCartId } = get();
      return carts.find((c) => c.id === activeCartId) ?? (carts[0] as Cart);
    };

    const setLineQuantity = (productId: string, quantity: number): AddResult => {
      const line = activeCart().items.find((item) => item.productId === productId);
      if (!line) return 'added';
      const wanted = Math.floor(finite(quantity));
      if (wanted <= 0) {
        update((cart) =>
          withItems(
            cart,
            cart.items.filter((item) => item.productId !== productId),
          ),
        );
        return 'added';
      }
      const capped = Math.min(wanted, line.stockQuantity);
      if (capped !== line.quantity) {
        update((cart) =>
          withItems(
            cart,
            cart.items.map((item) => (item.productId === productId ? { ...item, quantity: capped } : item)),
          ),
        );
      }
      return capped < wanted ? 'stock-limit' : 'added';
    };

    return {
      ...initialState(),

      resetForBranch: (branchId) => {
        if (get().branchId === branchId) return;
        set({ ...initialState(), branchId });
      },

      applyBranchTaxRate: (branchId, taxRate) => {
        if (get().taxAppliedFor === branchId) return;
        const rate = normalizeTaxRate(taxRate);
        set(({ carts }) => ({
          taxAppliedFor: branchId,
          carts: carts.map((cart) => (cart.taxRate === rate ? cart : { ...cart, taxRate: rate, paymentKey: null })),
        }));
      },

      addCart: () => {
        const { carts, nextNumber } = get();
        const cart = emptyCart(nextNumber, carts[0]?.taxRate ?? 0);
        set({ carts: [...carts, cart], activeCartId: cart.id, nextNumber: nextNumber + 1 });
        return cart.id;
      },

      removeCart: (cartId) => {
        const { carts, activeCartId } = get();
        if (carts.length <= 1 || !carts.some((c) => c.id === cartId)) return;
        const rest = carts.filter((c) => c.id !== cartId);
        set({ carts: rest, activeCartId: activeCartId === cartId ? (rest[0] as Cart).id : activeCartId });
      },

      setActiveCart: (cartId) => {
        if (get().carts.some((c) => c.id === cartId)) set({ activeCartId: cartId });
      },

      addProduct: (product, quantity = 1) => {
        const line = activeCart().items.find((item) => item.productId === product.id);
        if (line) {
          // The newest price and stock win: the tile or scan that added it again has just read them.
          update((cart) =>
            withItems(
              cart,
              cart.items.map((item) =>
                item.productId === product.id
                  ? { ...item, price: product.price, stockQuantity: product.stockQuantity }
                  : item,
              ),
            ),
          );
          if (product.stockQuantity <= 0) return 'out-of-stock';
          return setLineQuantity(product.id, line.quantity + quantity);
        }
        if (product.stockQuantity <= 0) return 'out-of-stock';
        const wanted = Math.max(1, Math.floor(quantity));
        const capped = Math.min(wanted, product.stockQuantity);
        update((cart) =>
          withItems(cart, [
            ...cart.items,
            {
              productId: product.id,
              name: product.name,
              sku: product.sku,
              price: product.price,
              stockQuantity: product.stockQuantity,
              quantity: capped,
            },
          ]),
        );
        return capped < wanted ? 'stock-limit' : 'added';
      },

      setQuantity: setLineQuantity,

      increment: (productId) => {
        const line = activeCart().items.find((item) => item.productId === productId);
        return line ? setLineQuantity(productId, line.quantity + 1) : 'added';
      },

      decrement: (productId) => {
        const line = activeCart().items.find((item) => item.productId === productId);
        if (line) setLineQuantity(productId, line.quantity - 1);
      },

      removeItem: (productId) =>
        update((cart) =>
          withItems(
            cart,
            cart.items.filter((item) => item.productId !== productId),
          ),
        ),

      setLinePrice: (productId, price) =>
        update((cart) => {
          const line = cart.items.find((item) => item.productId === productId);
          if (!line) return cart;
          const wanted = price === null ? line.price : fromMinor(toMinor(Math.max(finite(price), 0)));
          const unitPrice = toMinor(wanted) === toMinor(line.price) ? undefined : wanted;
          if (unitPrice === line.unitPrice) return cart;
          const { unitPrice: _old, ...rest } = line;
          const changed: CartItem = unitPrice === undefined ? rest : { ...rest, unitPrice };
          return withItems(
            cart,
            cart.items.map((item) => (item.productId === productId ? changed : item)),
          );
        }),

      setTaxRate: (taxRate) => {
        const rate = normalizeTaxRate(taxRate);
        update((cart) => (cart.taxRate === rate ? cart : { ...cart, taxRate: rate }));
      },

      setDiscountType: (discountType) =>
        update((cart) => (cart.discountType === discountType ? cart : { ...cart, discountType, discountValue: 0 })),

      setDiscountValue: (discountValue) =>
        update((cart) => {
          const value = normalizeDiscount(cart.discountType, discountValue, cart.items);
          return value === cart.discountValue ? cart : { ...cart, discountValue: value };
        }),

      setCustomer: (patch, cartId) =>
        update((cart) => {
          const changed = (Object.keys(patch) as (keyof typeof patch)[]).some((key) => patch[key] !== cart[key]);
          return changed ? { ...cart, ...patch } : cart;
        }, cartId),

      ensurePaymentKey: (cartId = get().activeCartId) => {
        const cart = get().carts.find((c) => c.id === cartId);
        if (!cart) throw new Error(`No cart ${cartId}`);
        if (cart.paymentKey) return cart.paymentKey;
        const paymentKey = newPaymentKey();
        set(({ carts }) => ({ carts: carts.map((c) => (c.id === cartId ? { ...c, paymentKey } : c)) }));
        return paymentKey;
      },

      clearAfterSale: (cartId) =>
        set(({ carts }) => ({
          carts: carts.map((cart) =>
            cart.id === cartId
              ? {
                  ...cart,
                  items: [],
                  discountValue: 0,
                  customerName: '',
                  customerPhone: '',
                  customerEmail: '',
                  paymentKey: null,
                }
              : cart,
          ),
        })),

      refreshFromServer: (cartId, fresh) => {
        const cart = get().carts.find((c) => c.id === cartId);
        if (!cart) return [];
        const changes: CartLineChange[] = [];
        const items: CartItem[] = [];
        for (const item of cart.items) {
          if (!fresh.has(item.productId)) {
            items.push(item);
            continue;
          }
          const now = fresh.get(item.productId);
          if (!now || now.stockQuantity <= 0) {
            changes.push({ kind: 'removed', name: item.name, reason: now ? 'out-of-stock' : 'gone' });
            continue;
          }
          if (toMinor(now.price) !== toMinor(item.price)) {
            changes.push({ kind: 'price', name: now.name, from: item.price, to: now.price });
          }
          const quantity = Math.min(item.quantity, now.stockQuantity);
          if (quantity < item.quantity) {
            changes.push({ kind: 'stock', name: now.name, quantity: item.quantity, available: now.stockQuantity });
          }
          items.push({ ...item, name: now.name, price: now.price, stockQuantity: now.stockQuantity, quantity });
        }
        set(({ carts }) => ({
          carts: carts.map((c) => (c.id === cartId ? { ...withItems(c, items), paymentKey: null } : c)),
        }));
        return changes;
      },

      syncStock: (products) => {
        const stock = new Map(products.map((p) => [p.id, p.stockQuantity]));
        const { carts } = get();
        let changed = false;
        const next = carts.map((cart) => {
          if (!cart.items.some((item) => stock.has(item.productId) && stock.get(item.productId) !== item.stockQuantity))
            return cart;
          changed = true;
          return {
            ...cart,
            items: cart.items.map((item) => {
              const fresh = stock.get(item.productId);
              return fresh === undefined ? item : { ...item, stockQuantity: fresh };
            }),
          };
        });
        if (changed) set({ carts: next });
      },
    };
  });
}

export type CartStore = ReturnType<typeof createCartStore>;

/** The register's carts: one store for the app, so the tabs survive leaving the screen and coming back. */
export const cartStore = createCartStore();

export function useCartStore<T>(selector: (state: CartState) => T): T {
  return useStore(cartStore, selector);
}

export const selectActiveCart = (state: CartState): Cart =>
  state.carts.find((c) => c.id === state.activeCartId) ?? (state.carts[0] as Cart);

export const useActiveCart = () => useCartStore(selectActiveCart);
