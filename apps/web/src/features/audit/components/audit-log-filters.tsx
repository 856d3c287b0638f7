import { Button, Group, Paper, Select } from '@mantine/core';
import { AUDIT_ACTIONS, type AuditAction, auditActionLabel, type Branch } from '@pos/shared';
import { IconX } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { DateField } from '../../../components/date-field';

export type FilterState = {
  branchId: string;
  action: AuditAction | '';
  from: string;
  to: string;
  user: { id: string; name: string } | null;
};

const ACTION_OPTIONS = AUDIT_ACTIONS.map((a) => ({ value: a, label: `${auditActionLabel(a)} (${a})` }));
export const ALL_BRANCHES = 'all';

type Props = {
  value: FilterState;
  onChange: (next: FilterState) => void;
  /** Super Admin: every branch of the company or one; a Manager: their branch only (no picker). */
  branches: Branch[] | null;
  children?: ReactNode;
};

/** Branch, action, date range and user (chosen by clicking a name in the table) filters. */
export function AuditLogFilters({ value, onChange, branches, children }: Props) {
  const set = (patch: Partial<FilterState>) => onChange({ ...value, ...patch });
  return (
    <Paper withBorder p="md">
      <Group align="flex-end" gap="sm" wrap="wrap">
        {branches ? (
          <Select
            label="Branch"
            data={[
              { value: ALL_BRANCHES, label: 'All branches' },
              ...branches.map((b) => ({ value: b.id, label: b.name })),
            ]}
            value={value.branchId}
            onChange={(v) => set({ branchId: v ?? ALL_BRANCHES })}
            allowDeselect={false}
            w={200}
          />
        ) : null}
        <Select
          label="Action"
          placeholder="All actions"
          data={ACTION_OPTIONS}
          value={value.action || null}
          onChange={(v) => set({ action: (v ?? '') as AuditAction | '' })}
          searchable
          clearable
          w={260}
        />
        <DateField label="From" value={value.from} onChange={(from) => set({ from })} maxDate={value.to} />
        <DateField label="To" value={value.to} onChange={(to) => set({ to })} minDate={value.from} />
        {value.user ? (
          <Button
            variant="light"
            rightSection={<IconX size={14} aria-hidden />}
            onClick={() => set({ user: null })}
            aria-label={`Remove user filter: ${value.user.name}`}
          >
            User: {value.user.name}
          </Button>
        ) : null}
        {children}
      </Group>
    </Paper>
  );
}
