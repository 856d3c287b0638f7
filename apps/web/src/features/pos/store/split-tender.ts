// Part of the Payment dialog's chunk (lazy); only money.ts of @pos/shared at runtime, as sale-payload.ts.
import { fromMinor, type PaymentMethod, settleTenders, TENDER_MSG, type TenderMethod, toMinor } from '@pos/shared';
import { formatMoney } from '../../../lib/format';
import { type PaymentDetails, paymentOf, type TenderPayment } from './sale-payload';

/**
 * The tenders the Payment dialog offers, in the order of its Payment Method control. Store credit is the cart's
 * customer's balance: offered only when they have some; the account only when the cart's customer is known; a gift
 * voucher at a sale (checked with the server online, with the register's synced vouchers offline) (tenderChoices).
 */
export const TENDER_CHOICES = [
  'cash',
  'card',
  'store_credit',
  'account',
  'voucher',
] as const satisfies readonly TenderMethod[];
export type TenderChoice = (typeof TENDER_CHOICES)[number];

/** The cart's customer's account as the Payment dialog weighs it: owed, limit, and whether the limit binds. */
export type TenderAccount = {
  balance: number;
  creditLimit: number;
  /**
   * Offline the register holds the account to the limit it last synced (the server flags a sale past it);
   * online a sale past it goes to the server, which asks for a manager's approval.
   */
  bound: boolean;
};

/**
 * A gift voucher as the Payment dialog spends it: its code (the sale's `voucher_code`) and what it can pay (its
 * balance; 0 when expired or used up).
 */
export type TenderVoucher = { code: string; balance: number };

/**
 * Cash and card; store credit too when the cart's customer has a balance above 0; the account when known; a gift
 * voucher when `voucher` (a sale, online or offline).
 */
export function tenderChoices(
  creditBalance: number | null | undefined,
  account?: TenderAccount | null,
  voucher = false,
): readonly TenderChoice[] {
  return TENDER_CHOICES.filter(
    (m) =>
      (m !== 'store_credit' || (creditBalance ?? 0) > 0) &&
      (m !== 'account' || Boolean(account)) &&
      (m !== 'voucher' || voucher),
  );
}

/** What is left of the account's credit limit, in minor units (never below 0). */
export const accountRoomMinor = (account: Pick<TenderAccount, 'balance' | 'creditLimit'>) =>
  Math.max(toMinor(account.creditLimit) - toMinor(account.balance), 0);

/** A store credit tender over the customer's balance. */
export const creditShortText = (balance: number) => `Only ${formatMoney(balance)} of store credit`;
/** A gift voucher tender over what is left on the voucher. */
export const voucherShortText = (balance: number) => `Only ${formatMoney(balance)} left on the gift voucher`;
/** A gift voucher tender before a voucher was looked up. */
export const VOUCHER_CODE_FIRST = "Scan or type the voucher's code first";
/** An account tender past the limit while offline. */
export const accountShortText = (room: number) => `Only ${formatMoney(room)} left on account (offline)`;

/** The Payment dialog's state: the tender lines recorded so far, and the method and amount being entered. */
export type SplitTender = {
  lines: TenderPayment[];
  method: TenderChoice;
  /**
   * As typed: cash handed over, the card's charge, the store credit spent ('': nothing typed; a card then pays
   * what is still due, store credit as much of it as the balance covers).
   */
  entry: string | number;
  /** The cart's customer's store credit (0 or absent: none, and store credit is not offered). */
  creditBalance?: number;
  /** The cart's customer's account (absent: no known customer, and the account is not offered). */
  account?: TenderAccount | null;
  /** Whether the gift voucher is offered (a sale, not an exchange). */
  vouchers?: boolean;
  /** The gift voucher looked up at the dialog (null: none yet): a voucher tender pays at most its balance. */
  voucher?: TenderVoucher | null;
};

export type SplitTenderFigures = {
  /** What the lines leave due (minor units and major). */
  remainingMinor: number;
  remaining: number;
  /**
   * The amount of the tender being entered (a card with nothing typed: what is still due; store credit or a gift
   * voucher: as much of that as its balance covers).
   */
  amount: number;
  /** What is still due once the amount being entered is paid (0 when it covers it). */
  rest: number;
  /**
   * What is wrong with the amount being entered on its own: a card, store credit or a voucher over what is still
   * due, store credit or a voucher over its balance (or no voucher looked up yet).
   */
  entryProblem: string | null;
  /**
   * What is wrong with the recorded lines: a gift voucher line over what is left on the voucher (read again after a
   * sale was refused for it).
   */
  linesProblem: string | null;
  /** The payment the lines and the entry make when it settles the total, else null. */
  payment: PaymentDetails | null;
  /** Whether Complete Payment may send `payment`: it settles the total (settleTenders) and the entry is fine. */
  valid: boolean;
  /** The change from the cash when the payment settles, else null; `problem` says why it does not settle. */
  change: number | null;
  problem: string | null;
  /** Whether the entry can be recorded as a tender line (part of what is due, another method left for the rest). */
  canAddTender: boolean;
  /** The method the next tender takes once the entry is recorded. */
  nextMethod: TenderChoice | null;
  /** For the customer display: 'mixed' once a line is recorded, and what was handed over so far (null: nothing). */
  display: { method: PaymentMethod; amountReceived: number | null };
};

const toAmount = (value: string | number) => {
  const n = typeof value === 'number' ? value : Number.parseFloat(value);
  return Number.isFinite(n) ? n : 0;
};

/** The store credit or gift voucher balance that limits the tender being entered (null: no such limit). */
function balanceLimit(method: TenderChoice, creditBalance: number, voucher: TenderVoucher | null) {
  if (method === 'store_credit') return { minor: Math.max(toMinor(creditBalance), 0), short: creditShortText };
  if (method !== 'voucher') return null;
  const minor = voucher ? Math.max(toMinor(voucher.balance), 0) : 0;
  return { minor, short: voucher ? voucherShortText : () => VOUCHER_CODE_FIRST };
}

/**
 * The figures of a split payment: what is still due after the lines, the payment the lines and the entry make
 * and whether it settles (the shared settleTenders, through settlePayment), whether the entry can be a line.
 * A card pays at most what is still due, store credit and a gift voucher too and at most their balance; the
 * change comes only from cash. A payment with a voucher tender names the voucher (`voucherCode`).
 */
export function splitTenderFigures(
  total: number,
  { lines, method, entry, creditBalance = 0, account = null, vouchers = false, voucher = null }: SplitTender,
): SplitTenderFigures {
  const entered = entry !== '';
  const recordedMinor = lines.reduce((sum, line) => sum + toMinor(line.amount), 0);
  const remainingMinor = Math.max(toMinor(total) - recordedMinor, 0);
  const remaining = fromMinor(remainingMinor);
  const limit = balanceLimit(method, creditBalance, voucher);
  // Any tender but cash is charged what it pays: nothing typed, what is still due (store credit, a voucher: as much
  // of it as the balance covers); never more than that.
  const amount =
    method !== 'cash' && !entered
      ? fromMinor(limit ? Math.min(remainingMinor, limit.minor) : remainingMinor)
      : toAmount(entry);
  const accountRoom = account?.bound ? accountRoomMinor(account) : Number.POSITIVE_INFINITY;
  const entryProblem =
    limit && (toMinor(amount) > limit.minor || (method === 'voucher' && !voucher))
      ? limit.short(fromMinor(limit.minor))
      : method !== 'cash' && toMinor(amount) > remainingMinor
        ? TENDER_MSG.onlyCashOver
        : method === 'account' && toMinor(amount) > accountRoom
          ? accountShortText(fromMinor(accountRoom))
          : null;
  const voucherLine = lines.find((line) => line.method === 'voucher');
  const voucherLeft = fromMinor(Math.max(toMinor(voucher?.balance ?? 0), 0));
  const linesProblem =
    voucherLine && toMinor(voucherLine.amount) > toMinor(voucherLeft) ? voucherShortText(voucherLeft) : null;
  // The tenders as handed over settle the total or not (a lone card line of 30.00 does not pay 85.00).
  const tenders = amount > 0 ? [...lines, { method, amount }] : lines;
  const settled = tenders.length > 0 ? settleTenders(toMinor(total), tenders) : { problem: TENDER_MSG.short };
  const valid = entryProblem === null && linesProblem === null && total > 0 && !('problem' in settled);
  const paid = valid ? paymentOf(tenders) : null;
  const payment =
    paid && voucher && tenders.some((t) => t.method === 'voucher') ? { ...paid, voucherCode: voucher.code } : paid;
  const nextMethod =
    tenderChoices(creditBalance, account, vouchers).find(
      (m) => m !== method && !lines.some((line) => line.method === m),
    ) ?? null;
  // Store credit or a voucher with nothing typed is its balance: less than what is due, it is a part to record.
  const canAddTender =
    (entered || limit !== null) &&
    amount > 0 &&
    toMinor(amount) < remainingMinor &&
    entryProblem === null &&
    linesProblem === null &&
    nextMethod !== null;
  const handedOver =
    lines.length > 0
      ? fromMinor(recordedMinor + (entered ? toMinor(amount) : 0))
      : method === 'cash' && entered
        ? amount
        : null;
  return {
    remainingMinor,
    remaining,
    amount,
    rest: fromMinor(Math.max(remainingMinor - toMinor(amount), 0)),
    entryProblem,
    linesProblem,
    payment,
    valid,
    change: 'problem' in settled ? null : fromMinor(settled.change),
    problem: entryProblem ?? linesProblem ?? ('problem' in settled ? settled.problem : null),
    canAddTender,
    nextMethod,
    display: { method: lines.length > 0 ? 'mixed' : method, amountReceived: handedOver },
  };
}
