import { SimpleGrid } from '@mantine/core';
import { formatMoney } from '../../../lib/format';
import { useShiftsSummary } from '../api/dashboard.api';
import { Figure, isForbidden, Panel, Restricted, SALES_DENIED } from './dashboard-panel';

/** Shifts open now at the branch's registers and the day's over/short (closed shifts). */
export function ShiftsPanel({ branchId }: { branchId?: string }) {
  const summary = useShiftsSummary(branchId);
  return (
    <Panel title="Shifts Today">
      {isForbidden(summary.error) ? (
        <Restricted message={SALES_DENIED} />
      ) : (
        <SimpleGrid cols={3}>
          <Figure label="Open Now" value={String(summary.data?.openShifts ?? 0)} />
          <Figure label="Closed Today" value={String(summary.data?.closedToday ?? 0)} />
          <Figure label="Over/Short Today" value={formatMoney(summary.data?.overShortToday ?? 0)} />
        </SimpleGrid>
      )}
    </Panel>
  );
}
