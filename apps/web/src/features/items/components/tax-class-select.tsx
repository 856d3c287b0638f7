import { Select } from '@mantine/core';
import type { TaxClassRef } from '@pos/shared';
import { useMemo } from 'react';
import { useTaxClassOptions } from '../../../lib/api/tax-classes.api';
import { BRANCH_RATE, taxClassOptions } from '../utils/tax-class';

type Props = {
  companyId: string;
  /** The class's id; null: each branch's own rate. */
  value: string | null;
  /** The item's class as saved, shown although the company's list does not carry it (yet). */
  selected?: TaxClassRef | null;
  onChange: (id: string | null) => void;
  error?: string;
};

/** The item's tax class: 'Branch rate (default)' (none), or one of the company's classes. */
export function TaxClassSelect({ companyId, value, selected, onChange, error }: Props) {
  const classes = useTaxClassOptions(companyId);
  const options = useMemo(() => taxClassOptions(classes.data ?? [], selected), [classes.data, selected]);
  return (
    <Select
      label="Tax class"
      description="A class taxes the item at its rate in every branch"
      placeholder={classes.isLoading ? 'Loading tax classes...' : undefined}
      data={options}
      value={value ?? BRANCH_RATE}
      onChange={(next) => onChange(next && next !== BRANCH_RATE ? next : null)}
      allowDeselect={false}
      maxDropdownHeight={240}
      error={error}
    />
  );
}
