import { TAX_CLASS_KIND_LABELS, type TaxClassRef } from '@pos/shared';
import { formatPercent } from '../../../lib/format';

/** The picker's value for no class: each branch's own rate (the default class). */
export const BRANCH_RATE = 'branch-rate';

/** A class as the item pages name it: 'Reduced goods (Reduced, 5%)'; none: 'Branch rate'. */
export const taxClassLabel = (taxClass: TaxClassRef | null | undefined) =>
  taxClass
    ? `${taxClass.name} (${TAX_CLASS_KIND_LABELS[taxClass.kind]}, ${formatPercent(taxClass.rate)})`
    : 'Branch rate';

/** The picker's options: the branch rate first, then the company's classes and the item's own if not among them. */
export function taxClassOptions(classes: readonly TaxClassRef[], selected?: TaxClassRef | null) {
  const all = selected && !classes.some((c) => c.id === selected.id) ? [...classes, selected] : classes;
  return [
    { value: BRANCH_RATE, label: 'Branch rate (default)' },
    ...all.map((c) => ({ value: c.id, label: taxClassLabel(c) })),
  ];
}
