import {
  addQuantities,
  allowsDecimals,
  type CartTotals,
  type CreateExchangeInput,
  computeCartTotals,
  type DiscountType,
  fromMinor,
  type ReturnReason,
  toMinor,
  toQuantity,
} from '@pos/shared';
import { useStore } from 'zustand';
import { createStore } from 'zustand/vanilla';
import { newUuid } from '../../../lib/uuid';

/**
 * A product as the register holds it in a cart line (a snapshot from the tile or the scan). `unit`: what a
 * quantity of it counts (absent: pieces); kg, L and m take quantities with 3 decimals.
 */
export type CartProduct = {
  id: string;
  name: string;
  sku: string | null;
  price: number;
  stockQuantity: number;
  unit?: string | null;
  /** Its item's tax class rate (percent); null or absent: the cart's rate (the branch's, the default class). */
  taxRate?: number | null;
  /** The rate is inside the price (a retail-price class). */
  taxIncluded?: boolean;
};

export type CartItem = {
  /**
   * A line of its own (a scale label: its weight is printed on the pack), beside the product's other lines;
   * absent on the product's one line, which a product added again adds to. `lineKey` names either.
   */
  lineId?: string;
  productId: string;
  name: string;
  sku: string | null;
  price: number;
  /**
   * The price charged for the line when it was changed at the register (the product's price otherwise):
   * the sale sends it as the line's `unit_price`; past the branch's rules a manager approves it at Payment.
   */
  unitPrice?: number;
  /** The stock when the product was last seen; the product's lines together never go above it. */
  stockQuantity: number;
  /** Whole for pieces; up to 3 decimals for a unit that allows them (0.75 kg). */
  quantity: number;
  /** The product's unit (absent: pieces; carts saved before units have none). */
  unit?: string | null;
  /** Its tax class's rate (percent), sent as the line's tax_rate; absent: taxed at the cart's rate. */
  taxRate?: number;
  /** Its price includes that rate (a retail-price class), sent as the line's tax_included; absent: it does not. */
  taxIncluded?: true;
};

/** What names a cart line in the store's actions: its own id (a scale label's line), else its product's. */
export const lineKey = (item: Pick<CartItem, 'lineId' | 'productId'>): string => item.lineId ?? item.productId;

/** How much of a product the cart's lines hold (3 decimals exact), leaving one line out when named. */
export function quantityInCart(items: readonly CartItem[], productId: string, except?: string): number {
  return addQuantities(
    ...items.filter((item) => item.productId === productId && lineKey(item) !== except).map((item) => item.quantity),
  );
}

/** A quantity as the unit takes it: 3 decimals for kg, L and m; whole for the others. */
const unitQuantity = (quantity: number, unit: string | null | undefined) =>
  allowsDecimals(unit) ? toQuantity(quantity) : Math.floor(quantity);

export type Cart = {
  id: string;
  /** 'Cart 1', 'Cart 2', ...: stable while the tab lives. */
  label: string;
  items: CartItem[];
  /** Percent, 0-100 (the wire unit; computeCartTotals takes percents). */
  taxRate: number;
  /** The branch's POS service fee (FBR's, when its branch charges it; the catalogue sync says): absent, none. */
  serviceFee?: number;
  discountType: DiscountType;
  /** Percent 0-100 for 'percentage', an amount 0..subtotal for 'amount'. */
  discountValue: number;
  customerName: string;
  customerPhone: string;
  customerEmail: string;
  /**
   * The store credit of the customer the phone looked up (online the server's, offline the synced copy's), for
   * that phone: it counts while the cart's phone is that phone (cartCredit), so changing or clearing the phone
   * drops it. Absent: no customer looked up (carts saved before store credit have none). `account`: what they
   * owe on account and their credit limit (carts saved before accounts have none).
   */
  customerCredit?: { phone: string; balance: number; account?: CartAccount | null } | null;
  /** The Idempotency-Key of the payment under way for exactly this cart; any change to the cart drops it. */
  paymentKey: string | null;
  /** Items of an earlier sale coming back in exchange for this cart's (POST /exchanges at Payment); absent: none. */
  exchange?: ExchangeDraft | null;
};

/** The return side of an exchange, chosen in the Return dialog: what comes back and what it is worth. */
export type ExchangeDraft = {
  originalTransactionId: string;
  receiptNumber: string;
  /** What the returned goods are worth (the refund by the shared rule): it pays the new items. */
  credit: number;
  items: CreateExchangeInput['items'];
  reason: ReturnReason;
  /** The original sale has a customer (store credit can take what is left) and a card paid it. */
  hasCustomer: boolean;
  paidByCard: boolean;
};

/**
 * stock-limit: the stock allowed less than asked (a piece line is capped at it; a scale label's line, whose
 * weight cannot be cut, is not added).
 */
export type AddResult = 'added' | 'out-of-stock' | 'stock-limit';

/** What a refresh from the server changed in a cart line (after a 409 on payment). */
export type CartLineChange =
  | { kind: 'price'; name: string; from: number; to: number }
  | { kind: 'tax'; name: string; to: number | null; included?: boolean }
  | { kind: 'stock'; name: string; quantity: number; available: number; unit?: string | null }
  | { kind: 'removed'; name: string; reason: 'gone' | 'out-of-stock' };

/** A cart product as the server holds it now; null when it is no longer available. */
export type FreshProduct = Pick<CartProduct, 'name' | 'price' | 'stockQuantity' | 'taxRate' | 'taxIncluded'> | null;

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
  /** The branch's POS service fee on every cart, and on carts made after (each catalogue sync says it). */
  applyBranchServiceFee: (branchId: string, serviceFee: number) => void;
  addCart: () => string;
  removeCart: (cartId: string) => void;
  setActiveCart: (cartId: string) => void;
  /**
   * Adds to the product's line (made when missing); `separate`: a line of its own (a scale label's weight).
   * Quantities are whole for pieces and up to 3 decimals for kg, L and m.
   */
  addProduct: (product: CartProduct, quantity?: number, options?: { separate?: boolean }) => AddResult;
  /** The line's quantity (`key`: lineKey of the line); 0 or less removes it. */
  setQuantity: (key: string, quantity: number) => AddResult;
  increment: (key: string) => AddResult;
  decrement: (key: string) => void;
  removeItem: (key: string) => void;
  /**
   * The line's price changed at the register (2 decimals, 0 or more); null or the product's price: back to
   * it. Every line of the product takes it: a sale charges one price per product.
   */
  setLinePrice: (key: string, price: number | null) => void;
  setTaxRate: (taxRate: number) => void;
  setDiscountType: (discountType: DiscountType) => void;
  setDiscountValue: (discountValue: number) => void;
  /** The customer's fields; a phone that changes drops the store credit looked up for the old one. */
  setCustomer: (
    patch: Partial<Pick<Cart, 'customerName' | 'customerPhone' | 'customerEmail' | 'customerCredit'>>,
    cartId?: string,
  ) => void;
  /** The cart's payment key, made now when it has none (the Payment modal opens). */
  ensurePaymentKey: (cartId?: string) => string;
  /** After a sale: items, discount value, customer, exchange and key go; tax rate and discount type stay. */
  clearAfterSale: (cartId: string) => void;
  /** The cart becomes the new side of an exchange (or stops being one: null). */
  setExchange: (exchange: ExchangeDraft | null, cartId?: string) => void;
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

/** The line with its tax class's rate as the product has it now (none: the cart's rate), inside its price or not. */
function withTax(item: CartItem, { taxRate, taxIncluded }: Pick<CartProduct, 'taxRate' | 'taxIncluded'>): CartItem {
  const { taxRate: _rate, taxIncluded: _included, ...rest } = item;
  return {
    ...rest,
    ...(typeof taxRate === 'number' && { taxRate }),
    ...(taxIncluded && { taxIncluded: true as const }),
  };
}

/** Whether the line's price was changed at the register. */
export const isPriceChanged = (item: Pick<CartItem, 'price' | 'unitPrice'>): boolean =>
  item.unitPrice !== undefined && toMinor(item.unitPrice) !== toMinor(item.price);

export function cartTotals(
  cart: Pick<Cart, 'items' | 'taxRate' | 'discountType' | 'discountValue' | 'serviceFee'>,
): CartTotals {
  return computeCartTotals({
    items: cart.items.map((item) => ({
      price: chargedPrice(item),
      quantity: item.quantity,
      taxRate: item.taxRate,
      taxIncluded: item.taxIncluded,
    })),
    taxRate: cart.taxRate,
    discountType: cart.discountType,
    discountValue: cart.discountValue,
    serviceFee: cart.serviceFee,
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

function emptyCart(
  number: number,
  taxRate: number,
  discountType: DiscountType = 'percentage',
  serviceFee?: number,
): Cart {
  return {
    id: `cart-${number}`,
    label: `Cart ${number}`,
    items: [],
    taxRate,
    ...(serviceFee && { serviceFee }),
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

    const setLineQuantity = (key: string, quantity: number): AddResult => {
      const { items } = activeCart();
      const line = items.find((item) => lineKey(item) === key);
      if (!line) return 'added';
      const wanted = unitQuantity(finite(quantity), line.unit);
      if (wanted <= 0) {
        update((cart) =>
          withItems(
            cart,
            cart.items.filter((item) => lineKey(item) !== key),
          ),
        );
        return 'added';
      }
      const room = addQuantities(line.stockQuantity, -quantityInCart(items, line.productId, key));
      const capped = Math.max(Math.min(wanted, room), 0);
      if (capped <= 0) {
        update((cart) =>
          withItems(
            cart,
            cart.items.filter((item) => lineKey(item) !== key),
          ),
        );
      } else if (capped !== line.quantity) {
        update((cart) =>
          withItems(
            cart,
            cart.items.map((item) => (lineKey(item) === key ? { ...item, quantity: capped } : item)),
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

      applyBranchServiceFee: (branchId, serviceFee) => {
        if (get().branchId !== branchId) return;
        const fee = fromMinor(Math.max(toMinor(finite(serviceFee)), 0));
        set(({ carts }) => ({
          carts: carts.map((cart) =>
            (cart.serviceFee ?? 0) === fee ? cart : { ...cart, serviceFee: fee, paymentKey: null },
          ),
        }));
      },

      addCart: () => {
        const { carts, nextNumber } = get();
        const cart = emptyCart(nextNumber, carts[0]?.taxRate ?? 0, undefined, carts[0]?.serviceFee);
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

      addProduct: (product, quantity = 1, { separate = false } = {}) => {
        const { items } = activeCart();
        const lines = items.filter((item) => item.productId === product.id);
        if (lines.length > 0) {
          // The newest price and stock win: the tile or scan that added it again has just read them.
          update((cart) =>
            withItems(
              cart,
              cart.items.map((item) =>
                item.productId === product.id
                  ? withTax({ ...item, price: product.price, stockQuantity: product.stockQuantity }, product)
                  : item,
              ),
            ),
          );
        }
        if (product.stockQuantity <= 0) return 'out-of-stock';
        const wanted = unitQuantity(finite(quantity), product.unit);
        const own = separate ? undefined : lines.find((item) => item.lineId === undefined);
        if (own) return setLineQuantity(own.productId, addQuantities(own.quantity, Math.max(wanted, 0)));
        const room = addQuantities(product.stockQuantity, -quantityInCart(items, product.id));
        const first = Math.max(wanted, allowsDecimals(product.unit) ? 0 : 1);
        if (first <= 0) return 'added';
        // A scale label's weight is what the pack holds: the line comes whole or not at all.
        const capped = separate ? (first <= room ? first : 0) : Math.min(first, room);
        if (capped <= 0) return 'stock-limit';
        // The product's changed price stays on its new line too (one price per product in a sale).
        const unitPrice = lines.find((item) => item.unitPrice !== undefined)?.unitPrice;
        const line: CartItem = {
          ...(separate && { lineId: `line-${newUuid()}` }),
          productId: product.id,
          name: product.name,
          sku: product.sku,
          price: product.price,
          ...(unitPrice !== undefined && { unitPrice }),
          stockQuantity: product.stockQuantity,
          quantity: capped,
          ...(product.unit && product.unit !== 'piece' && { unit: product.unit }),
          ...(typeof product.taxRate === 'number' && { taxRate: product.taxRate }),
          ...(product.taxIncluded && { taxIncluded: true as const }),
        };
        update((cart) => withItems(cart, [...cart.items, line]));
        return capped < first ? 'stock-limit' : 'added';
      },

      setQuantity: setLineQuantity,

      increment: (key) => {
        const line = activeCart().items.find((item) => lineKey(item) === key);
        return line ? setLineQuantity(key, addQuantities(line.quantity, 1)) : 'added';
      },

      decrement: (key) => {
        const line = activeCart().items.find((item) => lineKey(item) === key);
        if (line) setLineQuantity(key, addQuantities(line.quantity, -1));
      },

      removeItem: (key) =>
        update((cart) =>
          withItems(
            cart,
            cart.items.filter((item) => lineKey(item) !== key),
          ),
        ),

      setLinePrice: (key, price) =>
        update((cart) => {
          const line = cart.items.find((item) => lineKey(item) === key);
          if (!line) return cart;
          const wanted = price === null ? line.price : fromMinor(toMinor(Math.max(finite(price), 0)));
          const unitPrice = toMinor(wanted) === toMinor(line.price) ? undefined : wanted;
          const same = (item: CartItem) => item.productId === line.productId;
          if (cart.items.every((item) => !same(item) || item.unitPrice === unitPrice)) return cart;
          return withItems(
            cart,
            cart.items.map((item) => {
              if (!same(item)) return item;
              const { unitPrice: _old, ...rest } = item;
              return unitPrice === undefined ? rest : { ...rest, unitPrice };
            }),
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
          if (!changed) return cart;
          const next = { ...cart, ...patch };
          // Another phone is another customer (or none yet): the old one's store credit goes.
          if (next.customerCredit && next.customerCredit.phone !== next.customerPhone.trim())
            next.customerCredit = null;
          return next;
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
                  customerCredit: null,
                  paymentKey: null,
                  exchange: null,
                }
              : cart,
          ),
        })),

      setExchange: (exchange, cartId) => update((cart) => ({ ...cart, exchange }), cartId),

      refreshFromServer: (cartId, fresh) => {
        const cart = get().carts.find((c) => c.id === cartId);
        if (!cart) return [];
        const changes: CartLineChange[] = [];
        const items: CartItem[] = [];
        // What is left of each product's stock for its next line (a product may have several).
        const left = new Map<string, number>();
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
          if (!left.has(item.productId) && toMinor(now.price) !== toMinor(item.price)) {
            changes.push({ kind: 'price', name: now.name, from: item.price, to: now.price });
          }
          if (
            !left.has(item.productId) &&
            ((now.taxRate ?? null) !== (item.taxRate ?? null) || Boolean(now.taxIncluded) !== Boolean(item.taxIncluded))
          ) {
            changes.push({
              kind: 'tax',
              name: now.name,
              to: now.taxRate ?? null,
              ...(now.taxIncluded && { included: true }),
            });
          }
          const room = left.get(item.productId) ?? now.stockQuantity;
          const quantity = Math.min(item.quantity, room);
          left.set(item.productId, addQuantities(room, -quantity));
          if (quantity <= 0) {
            changes.push({ kind: 'removed', name: item.name, reason: 'out-of-stock' });
            continue;
          }
          if (quantity < item.quantity) {
            changes.push({
              kind: 'stock',
              name: now.name,
              quantity: item.quantity,
              available: quantity,
              ...(item.unit && { unit: item.unit }),
            });
          }
          items.push(
            withTax({ ...item, name: now.name, price: now.price, stockQuantity: now.stockQuantity, quantity }, now),
          );
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

/** What the cart's customer owes on account and their credit limit (id: the customer, for a payment on account). */
export type CartAccount = { id: string | null; balance: number; creditLimit: number };

/** The account of the cart's customer while the phone is theirs (a sale may be paid on it), else null. */
export function cartAccount(cart: Pick<Cart, 'customerPhone' | 'customerCredit'>): CartAccount | null {
  const credit = cart.customerCredit;
  if (!credit || credit.phone !== cart.customerPhone.trim()) return null;
  return credit.account ?? null;
}

/** The store credit the cart's customer may spend: their looked-up balance while the phone is theirs, else 0. */
export function cartCredit(cart: Pick<Cart, 'customerPhone' | 'customerCredit'>): number {
  const credit = cart.customerCredit;
  if (!credit || credit.phone !== cart.customerPhone.trim()) return 0;
  return Number.isFinite(credit.balance) && credit.balance > 0 ? credit.balance : 0;
}
