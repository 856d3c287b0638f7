// Part of the Payment dialog's chunk (lazy); only money.ts of @pos/shared at runtime, as sale-payload.ts.
import { fromMinor, type PaymentMethod, settleTenders, TENDER_MSG, type TenderMethod, toMinor } from '@pos/shared';
import { type PaymentDetails, paymentOf, type TenderPayment } from './sale-payload';

/**
 * The tenders the Payment dialog offers, in the order of its Payment Method control (store credit, a tender of the
 * sale statement, needs the customer's balance at the register: not offered here yet).
 */
export const TENDER_CHOICES = ['cash', 'card'] as const satisfies readonly TenderMethod[];
export type TenderChoice = (typeof TENDER_CHOICES)[number];

/** The Payment dialog's state: the tender lines recorded so far, and the method and amount being entered. */
export type SplitTender = {
  lines: TenderPayment[];
  method: TenderChoice;
  /** As typed: cash handed over, the card's charge ('': nothing typed; a card then pays what is still due). */
  entry: string | number;
};

export type SplitTenderFigures = {
  /** What the lines leave due (minor units and major). */
  remainingMinor: number;
  remaining: number;
  /** The amount of the tender being entered (a card with nothing typed: what is still due). */
  amount: number;
  /** What is still due once the amount being entered is paid (0 when it covers it). */
  rest: number;
  /** What is wrong with the amount being entered on its own: a card over what is still due. */
  entryProblem: string | null;
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

/**
 * The figures of a split payment: what is still due after the lines, the payment the lines and the entry make
 * and whether it settles (the shared settleTenders, through settlePayment), whether the entry can be a line.
 * A card pays at most what is still due; the change comes only from cash.
 */
export function splitTenderFigures(total: number, { lines, method, entry }: SplitTender): SplitTenderFigures {
  const entered = entry !== '';
  const recordedMinor = lines.reduce((sum, line) => sum + toMinor(line.amount), 0);
  const remainingMinor = Math.max(toMinor(total) - recordedMinor, 0);
  const remaining = fromMinor(remainingMinor);
  // Any tender but cash is charged what it pays: nothing typed, what is still due; never more than that.
  const amount = method !== 'cash' && !entered ? remaining : toAmount(entry);
  const entryProblem = method !== 'cash' && toMinor(amount) > remainingMinor ? TENDER_MSG.onlyCashOver : null;
  // The tenders as handed over settle the total or not (a lone card line of 30.00 does not pay 85.00).
  const tenders = amount > 0 ? [...lines, { method, amount }] : lines;
  const settled = tenders.length > 0 ? settleTenders(toMinor(total), tenders) : { problem: TENDER_MSG.short };
  const valid = entryProblem === null && total > 0 && !('problem' in settled);
  const payment = valid ? paymentOf(tenders) : null;
  const nextMethod = TENDER_CHOICES.find((m) => m !== method && !lines.some((line) => line.method === m)) ?? null;
  const canAddTender =
    entered && amount > 0 && toMinor(amount) < remainingMinor && entryProblem === null && nextMethod !== null;
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
    payment,
    valid,
    change: 'problem' in settled ? null : fromMinor(settled.change),
    problem: entryProblem ?? ('problem' in settled ? settled.problem : null),
    canAddTender,
    nextMethod,
    display: { method: lines.length > 0 ? 'mixed' : method, amountReceived: handedOver },
  };
}
