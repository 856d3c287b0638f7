/**
 * Money math for the register and the server, in integer minor units (paisa): one implementation,
 * so the total the cashier sees is the total the server recomputes. Amounts on the wire are numbers
 * with 2 decimals; rates are percents (0-100, up to 2 decimals).
 */

export type Minor = number;

// Quantities (DESIGN.md section 11): up to 3 decimals, counted here in thousandths so sums are exact.

/** A quantity in thousandths of its unit (an integer): 0.75 -> 750. */
export const toMilli = (quantity: number): number => Math.round(quantity * 1000);
export const fromMilli = (milli: number): number => milli / 1000;

/** A quantity rounded to its 3 decimals (what numeric(12,3) stores); also reads the database's numeric text. */
export const toQuantity = (value: number | string): number => fromMilli(toMilli(Number(value)));

/** a + b + ..., exact to the thousandth (0.1 + 0.2 is 0.3). */
export const addQuantities = (...quantities: number[]): number =>
  fromMilli(quantities.reduce((sum, q) => sum + toMilli(q), 0));
export type DiscountType = 'percentage' | 'amount';

/**
 * How far an amount is from its nearest whole cent, in cents: to within 1e-5 cents below 1e9 (the error of the
 * product), NaN from 1e9 up, where no comparison holds. The six decimals `toMinor` and `hasAtMostTwoDecimals`
 * read move it by at most 5e-5 more, so a clear distance answers both without the decimal string (money.test.ts
 * and rates.test.ts compare them with it over generated amounts).
 */
export function centsOffWhole(amount: number): number {
  if (!(Math.abs(amount) < 1e9)) return Number.NaN;
  const cents = amount * 100;
  return Math.abs(cents - Math.round(cents));
}

/** 12.345 -> 1235. Decimal-string based, so 1.005 becomes 101 (half up), not 100 as `Math.round(1.005 * 100)` gives. */
export function toMinor(amount: number): Minor {
  if (!Number.isFinite(amount)) throw new RangeError(`Not an amount: ${amount}`);
  // Within 0.49 cents of a whole cent, that cent either way (every price, total and tender on the wire).
  if (centsOffWhole(amount) < 0.49) return Math.round(amount * 100) + 0;
  return toMinorByDecimals(amount);
}

/** toMinor by the decimal string: six decimals, then half up on the third. */
function toMinorByDecimals(amount: number): Minor {
  const sign = amount < 0 ? -1 : 1;
  const [whole = '0', fraction = ''] = Math.abs(amount).toFixed(6).split('.');
  const cents = Number(fraction.slice(0, 2).padEnd(2, '0'));
  const rest = Number(fraction.slice(2).padEnd(4, '0'));
  return sign * (Number(whole) * 100 + cents + (rest >= 5000 ? 1 : 0));
}

export function fromMinor(minor: Minor): number {
  return minor / 100;
}

/** `percent` % of an amount, half up, exact for rates with up to 2 decimals. */
export function percentOf(minor: Minor, percent: number): Minor {
  const basisPoints = toMinor(percent); // 17.5 % -> 1750
  return Math.floor((minor * basisPoints + 5000) / 10000);
}

/**
 * A cart line: its unit price and quantity, and its own tax rate (percent) when its item's tax class sets
 * one (exempt and zero-rated: 0); null or absent, the cart's rate (the branch's, the default class).
 * `taxIncluded`: its price includes its tax (a retail-price class): the customer pays the price, and the
 * line's goods are the price less the tax inside it.
 */
export type CartLine = { price: number; quantity: number; taxRate?: number | null; taxIncluded?: boolean };

export type CartInput = {
  items: CartLine[];
  /** Percent, 0-100. */
  taxRate: number;
  discountType: DiscountType;
  discountValue: number;
  /**
   * A charge per sale on top of the goods and their tax, untaxed and never discounted (FBR's POS service fee,
   * docs/architecture/fiscal.md); charged when the cart has lines. Absent: none.
   */
  serviceFee?: number;
};

/**
 * The lines taxed at one rate (minor units): their goods, their share of the discount, the tax. `included`:
 * lines whose prices include their tax (a retail-price class) form a group of their own at their rate.
 */
export type TaxGroup = { rate: number; included: boolean; goods: Minor; discount: Minor; taxable: Minor; tax: Minor };

export type CartTotals = {
  subtotal: number;
  discountAmount: number;
  tax: number;
  /** The per-sale charge (CartInput.serviceFee) when the cart has lines, else 0. */
  serviceFee: number;
  total: number;
  /** The same in minor units, for comparisons without floating point. */
  minor: { subtotal: Minor; discountAmount: Minor; tax: Minor; serviceFee: Minor; total: Minor };
  /** The tax by rate, lowest rate first (what a receipt prints as its tax by class). */
  taxes: TaxGroup[];
};

const clampRate = (rate: number) => Math.min(Math.max(rate, 0), 100);

/**
 * A taxed line as the tax groups take it: its goods, its rate (null or absent: `defaultRate`), and, when its
 * price includes its tax, the tax inside it (`includedTax`; its goods are then the price less that tax).
 */
export type TaxedGoods = { goods: Minor; taxRate?: number | null; includedTax?: Minor | null };

/**
 * Tax by rate: the discount is split over the groups pro rata by their goods (rates in ascending order, at
 * one rate the lines that add their tax before those whose prices include it), and each group's tax is
 * percentOf(its goods less its discount): lines at one rate are taxed together, as the cart is when every
 * line is at the branch's rate. A group whose prices include their tax owes the tax inside its prices less
 * the tax on its discount (never below 0, and 0 when nothing is left to tax), so without a discount the
 * customer pays exactly the printed prices. Lines without a rate of their own take `defaultRate`.
 */
export function taxGroups(
  lines: TaxedGoods[],
  { discount, defaultRate }: { discount: Minor; defaultRate: number },
): TaxGroup[] {
  const byKey = new Map<string, { rate: number; included: boolean; goods: Minor; includedTax: Minor }>();
  for (const line of lines) {
    const rate = clampRate(line.taxRate ?? defaultRate);
    const included = line.includedTax != null;
    const key = `${rate}:${included}`;
    const group = byKey.get(key) ?? { rate, included, goods: 0, includedTax: 0 };
    group.goods += line.goods;
    group.includedTax += line.includedTax ?? 0;
    byKey.set(key, group);
  }
  const groups = [...byKey.values()].sort((a, b) => a.rate - b.rate || Number(a.included) - Number(b.included));
  const discounts = allocateMinor(
    discount,
    groups.map((g) => g.goods),
  );
  return groups.map((group, i) => {
    const groupDiscount = discounts[i] ?? 0;
    const taxable = group.goods - groupDiscount;
    const tax = !group.included
      ? percentOf(taxable, group.rate)
      : taxable <= 0
        ? 0
        : Math.max(0, group.includedTax - percentOf(groupDiscount, group.rate));
    return { rate: group.rate, included: group.included, goods: group.goods, discount: groupDiscount, taxable, tax };
  });
}

/** A rate's taxable goods and tax, in minor units (`included`: the tax was inside the prices). */
export type RateTax = { rate: number; included: boolean; taxable: Minor; tax: Minor };

/**
 * Tax groups of several sales added up by rate, lowest rate first: a shift's tax by rate. Each sale's groups
 * are its own (taxGroups), so the taxes add up to the sum of the sales' taxes exactly.
 */
export function addTaxByRate(groups: Iterable<RateTax>): RateTax[] {
  const byRate = new Map<string, RateTax>();
  for (const { rate, included, taxable, tax } of groups) {
    const key = `${rate}:${included}`;
    const known = byRate.get(key) ?? { rate, included, taxable: 0, tax: 0 };
    byRate.set(key, { rate, included, taxable: known.taxable + taxable, tax: known.tax + tax });
  }
  return [...byRate.values()].sort((a, b) => a.rate - b.rate || Number(a.included) - Number(b.included));
}

/**
 * A line's goods in minor units: unit price x quantity, half up to the minor unit (0.750 kg at 1,199.99 is
 * 899.99). Quantities have up to 3 decimals; the product is exact (integers in thousandths).
 */
export function lineGoodsMinor(unitPriceMinor: Minor, quantity: number): Minor {
  const milli = toMilli(quantity);
  if (milli % 1000 === 0) return unitPriceMinor * (milli / 1000);
  return Number(roundDiv(BigInt(unitPriceMinor) * BigInt(milli), 1000n));
}

/**
 * The goods inside a price that includes its tax at `rate`: round(gross x 100 / (100 + rate)), half up (as
 * PostgreSQL's round(gross * 100 / (100 + rate), 2)); the tax inside is the rest.
 */
export function netOfIncludedTax(gross: Minor, rate: number): Minor {
  return Number(roundDiv(BigInt(gross) * 10000n, 10000n + BigInt(toMinor(clampRate(rate)))));
}

/**
 * A line's goods as the sale counts them, and the tax inside its price when it includes it (else null):
 * unit price x quantity (lineGoodsMinor), less that tax. `rate`: the line's (its class's, else the sale's).
 */
export function lineNet(
  unitPriceMinor: Minor,
  quantity: number,
  { rate, taxIncluded }: { rate: number; taxIncluded?: boolean },
): { goods: Minor; includedTax: Minor | null } {
  const gross = lineGoodsMinor(unitPriceMinor, quantity);
  if (!taxIncluded) return { goods: gross, includedTax: null };
  const goods = netOfIncludedTax(gross, rate);
  return { goods, includedTax: gross - goods };
}

/** What a cart line costs as priced: unit price x quantity (its tax, when its price includes it, inside). */
export function lineSubtotal({ price, quantity }: CartLine): number {
  return fromMinor(lineGoodsMinor(toMinor(price), quantity));
}

/**
 * Subtotal (the lines' goods: a price that includes its tax counts without it), discount (a percent 0-100
 * of the subtotal, or an amount; never more than the subtotal), tax on subtotal less discount (by rate when
 * lines carry their own: taxGroups), total = that plus tax plus the service fee (a cart with lines).
 */
export function computeCartTotals({
  items,
  taxRate,
  discountType,
  discountValue,
  serviceFee = 0,
}: CartInput): CartTotals {
  const lines = items.map((line) => ({
    ...lineNet(toMinor(line.price), line.quantity, {
      rate: line.taxRate ?? taxRate,
      taxIncluded: line.taxIncluded,
    }),
    taxRate: line.taxRate,
  }));
  const subtotal = lines.reduce((sum, line) => sum + line.goods, 0);
  const rawDiscount =
    discountType === 'percentage'
      ? percentOf(subtotal, Math.min(Math.max(discountValue, 0), 100))
      : toMinor(Math.max(discountValue, 0));
  const discountAmount = Math.min(rawDiscount, subtotal);
  const taxable = subtotal - discountAmount;
  const taxes = taxGroups(lines, { discount: discountAmount, defaultRate: taxRate });
  const tax = taxes.reduce((sum, group) => sum + group.tax, 0);
  const fee = items.length > 0 ? toMinor(Math.max(serviceFee, 0)) : 0;
  const total = taxable + tax + fee;
  return {
    subtotal: fromMinor(subtotal),
    discountAmount: fromMinor(discountAmount),
    tax: fromMinor(tax),
    serviceFee: fromMinor(fee),
    total: fromMinor(total),
    minor: { subtotal, discountAmount, tax, serviceFee: fee, total },
    taxes,
  };
}

// ---------------------------------------------------------------------------------------------
// Refunds: a return refunds what the customer paid for the returned units.

/** round(numerator / denominator), half up, for numerator >= 0 and denominator > 0, exact at any size. */
function roundDiv(numerator: bigint, denominator: bigint): bigint {
  return (2n * numerator + denominator) / (2n * denominator);
}

/**
 * `amount` (minor units, >= 0) split pro rata over `weights` (>= 0), exactly: part i is
 * round(amount x W_i / W) - round(amount x W_(i-1) / W), W_i the running sum of the weights, so the
 * parts sum to `amount`, none is negative, and each is less than one minor unit from its exact share.
 * With all weights 0 the last part takes everything.
 */
export function allocateMinor(amount: Minor, weights: Minor[]): Minor[] {
  const total = weights.reduce((sum, w) => sum + BigInt(w), 0n);
  if (total === 0n) return weights.map((_, i) => (i === weights.length - 1 ? amount : 0));
  const whole = BigInt(amount);
  let running = 0n;
  let before = 0n;
  return weights.map((w) => {
    running += BigInt(w);
    const upTo = roundDiv(whole * running, total);
    const part = upTo - before;
    before = upTo;
    return Number(part);
  });
}

/** round(amount x n / q): a line's amount for its first n of q units (minor units; n, q up to 3 decimals). */
function unitsShare(amount: Minor, n: number, q: number): Minor {
  if (q <= 0) return 0;
  return Number(roundDiv(BigInt(amount) * BigInt(toMilli(n)), BigInt(toMilli(q))));
}

/**
 * A line of a sale: its tax rate when its item's tax class set one (null: the sale's rate), and whether its
 * price included its tax.
 */
export type SoldLine = {
  id: string;
  quantity: number;
  unitPrice: number;
  taxRate?: number | null;
  taxIncluded?: boolean;
};

/** What the customer paid for one line of a sale, in minor units: goods - discount + tax = paid. */
export type LinePaid = { id: string; quantity: number; goods: Minor; discount: Minor; tax: Minor; paid: Minor };

/**
 * What the customer paid for each line of a sale: its goods (quantity x unit price, less the tax inside a
 * price that includes it: lineNet), less its share of
 * the order discount (pro rata by goods), plus its share of the tax (pro rata by goods less discount).
 * Lines are taken in id order whatever order they come in, so the server and the return screen split a
 * sale alike. A sale whose lines are taxed at several rates splits its discount and tax by rate first, as
 * computeCartTotals charged them (taxGroups), then over each rate's lines. The shares sum exactly to the
 * sale's discount and tax, and the paid amounts to subtotal - discount + tax: the sale's total less its
 * service fee (a return never refunds the fee).
 */
export function saleLinesPaid(sale: {
  items: SoldLine[];
  discountAmount: number;
  taxAmount: number;
  /** The sale's rate (the branch's), for lines without their own. */
  taxRate?: number;
}): LinePaid[] {
  const lines = [...sale.items].sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  const rates = lines.map((l) => clampRate(l.taxRate ?? sale.taxRate ?? 0));
  const nets = lines.map((l, i) =>
    lineNet(toMinor(l.unitPrice), l.quantity, { rate: rates[i] ?? 0, taxIncluded: l.taxIncluded }),
  );
  const goods = nets.map((n) => n.goods);
  const keys = lines.map((l, i) => `${rates[i]}:${Boolean(l.taxIncluded)}`);
  const subtotal = goods.reduce((sum, g) => sum + g, 0);
  const discountTotal = Math.min(Math.max(toMinor(sale.discountAmount), 0), subtotal);
  const discounts: Minor[] = [];
  const taxes: Minor[] = [];
  if (new Set(keys).size <= 1) {
    // One rate: the sale's stored tax, pro rata.
    discounts.push(...allocateMinor(discountTotal, goods));
    taxes.push(
      ...allocateMinor(
        Math.max(toMinor(sale.taxAmount), 0),
        goods.map((g, i) => g - (discounts[i] ?? 0)),
      ),
    );
  } else {
    const groups = taxGroups(
      nets.map((n, i) => ({ ...n, taxRate: rates[i] })),
      { discount: discountTotal, defaultRate: 0 },
    );
    for (const group of groups) {
      const at = keys.flatMap((key, i) => (key === `${group.rate}:${group.included}` ? [i] : []));
      const groupDiscounts = allocateMinor(
        group.discount,
        at.map((i) => goods[i] ?? 0),
      );
      const groupTaxes = allocateMinor(
        group.tax,
        at.map((i, k) => (goods[i] ?? 0) - (groupDiscounts[k] ?? 0)),
      );
      at.forEach((i, k) => {
        discounts[i] = groupDiscounts[k] ?? 0;
        taxes[i] = groupTaxes[k] ?? 0;
      });
    }
  }
  return lines.map((l, i) => {
    const discount = discounts[i] ?? 0;
    const tax = taxes[i] ?? 0;
    const lineGoods = goods[i] ?? 0;
    return { id: l.id, quantity: l.quantity, goods: lineGoods, discount, tax, paid: lineGoods - discount + tax };
  });
}

/** A refund in minor units: goods - discount + tax = paid for the units; refund = paid - fee (never below 0). */
export type RefundBreakdown = { goods: Minor; discount: Minor; tax: Minor; paid: Minor; fee: Minor; refund: Minor };

/**
 * What the customer paid for units r+1..r+k of a line of q units (r already returned, k returned now),
 * by cumulative units: the line's discount and tax are each cut as share(n) = round(amount x n / q) and
 * the piece is share(r+k) - share(r); the goods of whole units are the unit price x k. A piece of a
 * weighed line (0.250 of 0.750 kg), or of a line whose goods are no whole amount per unit (a price that
 * included its tax), takes its goods as the share of goods less discount plus the share of the discount,
 * so its goods never fall below its discount. So the last unit takes the rounding remainder,
 * returning every unit, in any pieces, refunds exactly the line's paid amount, and no piece shows a
 * negative share (a sale without discount shows none, one without tax none). The refund is goods -
 * discount + tax less the restocking fee; a fee above what was paid is the caller's to refuse (the refund
 * does not go below 0).
 */
export function unitsRefund(
  line: LinePaid,
  { alreadyReturned, quantity, fee = 0 }: { alreadyReturned: number; quantity: number; fee?: Minor },
): RefundBreakdown {
  const from = Math.min(Math.max(alreadyReturned, 0), line.quantity);
  const to = Math.min(addQuantities(from, Math.max(quantity, 0)), line.quantity);
  const piece = (amount: Minor) => unitsShare(amount, to, line.quantity) - unitsShare(amount, from, line.quantity);
  // Whole units of a line whose goods are a whole amount per unit (its price: not one that included its tax).
  const wholeUnits =
    Number.isInteger(line.quantity) &&
    Number.isInteger(from) &&
    Number.isInteger(to) &&
    line.goods % Math.max(line.quantity, 1) === 0;
  const discount = piece(line.discount);
  const goods = wholeUnits ? piece(line.goods) : piece(line.goods - line.discount) + discount;
  const tax = piece(line.tax);
  const paid = goods - discount + tax;
  return { goods, discount, tax, paid, fee, refund: Math.max(0, paid - fee) };
}

export type ReturnRefundLine = RefundBreakdown & { saleItemId: string };
export type ReturnRefund = { lines: ReturnRefundLine[]; total: RefundBreakdown };

/**
 * The refund of a return (minor units): per returned line its units' paid amount (unitsRefund, after
 * the units already returned) less its restocking fee, and the sums. The server recomputes it under
 * lock and the return screen shows it, from the same sale: items (id, quantity, unitPrice,
 * returnedQuantity), discountAmount, taxAmount. A line not in the sale throws a RangeError.
 */
export function computeReturnRefund({
  sale,
  lines,
}: {
  sale: {
    items: (SoldLine & { returnedQuantity: number })[];
    discountAmount: number;
    taxAmount: number;
    taxRate?: number;
  };
  lines: { saleItemId: string; quantity: number; restockingFee: number }[];
}): ReturnRefund {
  const paid = new Map(saleLinesPaid(sale).map((l) => [l.id, l]));
  const returned = new Map(sale.items.map((i) => [i.id, i.returnedQuantity]));
  const total: RefundBreakdown = { goods: 0, discount: 0, tax: 0, paid: 0, fee: 0, refund: 0 };
  const out = lines.map((l) => {
    const line = paid.get(l.saleItemId);
    if (!line) throw new RangeError(`Not a line of the sale: ${l.saleItemId}`);
    const piece = unitsRefund(line, {
      alreadyReturned: returned.get(l.saleItemId) ?? 0,
      quantity: l.quantity,
      fee: toMinor(l.restockingFee),
    });
    for (const key of Object.keys(total) as (keyof RefundBreakdown)[]) total[key] += piece[key];
    return { saleItemId: l.saleItemId, ...piece };
  });
  return { lines: out, total };
}

/**
 * Invariant for checks: a sale returned in full, in any number of returns, refunded its total less
 * the restocking fees kept and its POS service fee (never refunded). Answers total - (service fee + refunds +
 * fees) in minor units: 0 when it holds.
 */
export function fullReturnRefundGap({
  saleTotal,
  serviceFee = 0,
  refundAmounts,
  restockingFees,
}: {
  saleTotal: number;
  serviceFee?: number;
  refundAmounts: number[];
  restockingFees: number[];
}): Minor {
  const sum = (values: number[]) => values.reduce((n, v) => n + toMinor(v), 0);
  return toMinor(saleTotal) - toMinor(serviceFee) - sum(refundAmounts) - sum(restockingFees);
}

/**
 * Which refund method gives a tender back: a card's part to the card, store credit to the balance, an account's
 * part back to the account (it owes less), cash and the returned goods of an exchange in cash.
 */
export const REFUND_OF_TENDER: Readonly<Record<string, string>> = {
  cash: 'cash',
  card: 'card_refund',
  store_credit: 'store_credit',
  account: 'account',
  voucher: 'voucher',
  exchange: 'cash',
};

/**
 * A refund back the way the sale was paid (minor units): over what each of its tenders paid (`tenders`, its
 * tender lines) less what earlier returns gave back by that method (`refunded`, by refund method), pro rata
 * (allocateMinor: none above what is left of it); anything beyond what is left (never for a sale refunded at
 * most its total) goes back in cash. Answers the refund lines by refund method, none of 0.
 */
export function refundByTenders(refund: Minor, tenders: readonly TenderLine[], refunded: readonly TenderLine[]) {
  const rooms = new Map<string, Minor>();
  for (const t of tenders) {
    const method = REFUND_OF_TENDER[t.method] ?? 'cash';
    rooms.set(method, (rooms.get(method) ?? 0) + t.amount);
  }
  for (const r of refunded) if (rooms.has(r.method)) rooms.set(r.method, (rooms.get(r.method) ?? 0) - r.amount);
  const methods = [...rooms.keys()].sort();
  const room = methods.map((m) => Math.max(rooms.get(m) ?? 0, 0));
  const fits = Math.min(
    refund,
    room.reduce((n, r) => n + r, 0),
  );
  const parts = allocateMinor(fits, room);
  const lines = methods.map((method, i) => ({ method, amount: parts[i] ?? 0 }));
  const cash = lines.find((l) => l.method === 'cash');
  if (refund > fits) {
    if (cash) cash.amount += refund - fits;
    else lines.push({ method: 'cash', amount: refund - fits });
  }
  return lines.filter((l) => l.amount > 0).sort((a, b) => (a.method < b.method ? -1 : 1));
}

/** Change for a cash payment; null when the amount received does not cover the total. */
export function cashChange({ total, amountReceived }: { total: number; amountReceived: number }): number | null {
  const change = toMinor(amountReceived) - toMinor(total);
  return change < 0 ? null : fromMinor(change);
}

/** A tender as the customer hands it over (major units): cash received, the card's charge, ... */
export type TenderInput = { method: string; amount: number };
/** A tender line as the sale keeps it: what it paid of the total (cash less the change), in minor units. */
export type TenderLine = { method: string; amount: Minor };
export type Settlement = { paid: Minor; change: Minor; lines: TenderLine[] };

export const TENDER_MSG = {
  amountAboveZero: 'Each tender needs an amount above 0',
  once: 'Each tender can pay once',
  onlyCashOver: 'Only cash can be more than the amount due',
  short: 'Amount received is less than the total',
  cashNotNeeded: 'No cash is needed: the other tenders pay the whole amount',
} as const;

/**
 * How tenders settle a total (minor units): together at least the total; every tender but cash at most
 * the total (a card is charged what it pays), so change comes only from cash and is at most the cash
 * handed over. Answers the lines as the sale keeps them (each tender's part of the total, by method,
 * summing to the total), or the problem.
 */
export function settleTenders(total: Minor, tenders: readonly TenderInput[]): Settlement | { problem: string } {
  const methods = new Set(tenders.map((t) => t.method));
  if (methods.size !== tenders.length) return { problem: TENDER_MSG.once };
  const minor = tenders.map((t) => ({ method: t.method, amount: toMinor(t.amount) }));
  if (minor.some((t) => t.amount <= 0)) return { problem: TENDER_MSG.amountAboveZero };
  const paid = minor.reduce((n, t) => n + t.amount, 0);
  const notCash = minor.filter((t) => t.method !== 'cash').reduce((n, t) => n + t.amount, 0);
  if (notCash > total) return { problem: TENDER_MSG.onlyCashOver };
  if (paid < total) return { problem: TENDER_MSG.short };
  const change = paid - total;
  const lines = minor.map((t) => (t.method === 'cash' ? { ...t, amount: t.amount - change } : t));
  if (lines.some((t) => t.amount === 0)) return { problem: TENDER_MSG.cashNotNeeded };
  return { paid, change, lines: lines.sort((a, b) => (a.method < b.method ? -1 : a.method > b.method ? 1 : 0)) };
}

/**
 * How a sale's payment settles its total (minor units), the one reading of the payload the server
 * records and the register shows: its tenders, or the spec's single tender (cash: amount_paid received;
 * card or store credit: exactly the total). A sale of nothing to pay keeps no tender line.
 */
export function saleSettlement(
  sale: { payment_method: string; amount_paid: number; tenders?: readonly TenderInput[] },
  total: Minor,
): Settlement | { problem: string } {
  if (sale.tenders) return settleTenders(total, sale.tenders);
  const lines = (method: string) => (total > 0 ? [{ method, amount: total }] : []);
  if (sale.payment_method !== 'cash') return { paid: total, change: 0, lines: lines(sale.payment_method) };
  const paid = toMinor(sale.amount_paid);
  if (paid < total) return { problem: TENDER_MSG.short };
  return { paid, change: paid - total, lines: lines('cash') };
}
