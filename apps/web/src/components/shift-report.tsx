import { Alert, Badge, Divider, Group, Stack, Table, Text } from '@mantine/core';
import { CASH_MOVEMENT_FLAG_LABELS, type ShiftReport, showsTaxByRate, taxRateLabel } from '@pos/shared';
import { formatDateTime, formatMoney, paymentMethodLabel as methodLabel } from '../lib/format';

/** Offline sales uploaded after the shift closed: shown on it, counted in the register's next shift. */
export function lateSalesText({ count, total }: { count: number; total: number }): string {
  return `After close: ${count} ${count === 1 ? 'sale' : 'sales'}, ${formatMoney(total)}`;
}

function Row({ label, value, strong, testId }: { label: string; value: string; strong?: boolean; testId?: string }) {
  return (
    <Table.Tr>
      <Table.Th scope="row" fw={strong ? 700 : 500}>
        {label}
      </Table.Th>
      <Table.Td ta="right" fw={strong ? 700 : undefined} data-testid={testId}>
        {value}
      </Table.Td>
    </Table.Tr>
  );
}

/**
 * The X report (an open shift) or the Z report (a closed one): the register's and the Shifts screen's view.
 * `pendingIds`: cash movements the register has not synced yet (a provisional X report), marked so; a
 * movement synced from an offline register shows its review flags.
 */
export function ShiftReportView({
  report,
  timeZone,
  pendingIds,
}: {
  report: ShiftReport;
  timeZone?: string | null;
  pendingIds?: ReadonlySet<string>;
}) {
  const { shift, sales, refunds } = report;
  const closed = shift.status === 'closed';
  return (
    <Stack gap="sm">
      <Group justify="space-between" wrap="wrap">
        <Text fw={700}>{closed ? `Z report #${shift.zNumber ?? ''}` : 'X report'}</Text>
        <Badge color={closed ? 'gray' : 'teal'} variant="light">
          {closed ? 'Closed' : 'Open'}
        </Badge>
      </Group>
      <Text size="sm" c="dimmed">
        Register {shift.registerCode} · {shift.cashierName} · opened {formatDateTime(shift.openedAt, timeZone)}
        {shift.closedAt ? ` · closed ${formatDateTime(shift.closedAt, timeZone)}` : ''}
      </Text>
      <Table withRowBorders={false} verticalSpacing={4} aria-label={closed ? 'Z report' : 'X report'}>
        <Table.Tbody>
          <Row label={`Sales (${sales.count})`} value={formatMoney(sales.total)} strong />
          {sales.byMethod.map((m) => (
            <Row key={m.method} label={`${methodLabel(m.method)} (${m.count})`} value={formatMoney(m.total)} />
          ))}
          <Row label="Discounts" value={formatMoney(sales.discount)} />
          <Row label="Tax" value={formatMoney(sales.tax)} />
          {showsTaxByRate(sales.taxByRate)
            ? sales.taxByRate.map((g) => (
                <Row
                  key={`${g.rate}:${g.included}`}
                  label={`${taxRateLabel(g)} on ${formatMoney(g.taxable)}`}
                  value={formatMoney(g.tax)}
                />
              ))
            : null}
          <Row label={`Refunds (${refunds.count})`} value={formatMoney(refunds.total)} strong />
          {refunds.byMethod.map((m) => (
            <Row key={m.method} label={`${methodLabel(m.method)} (${m.count})`} value={formatMoney(m.total)} />
          ))}
          {refunds.taxByRate.some((g) => g.tax > 0)
            ? refunds.taxByRate.map((g) => (
                <Row
                  key={`back ${g.rate}:${g.included}`}
                  label={`Tax back ${taxRateLabel(g)} on ${formatMoney(g.taxable)}`}
                  value={formatMoney(g.tax)}
                />
              ))
            : null}
        </Table.Tbody>
      </Table>
      <Divider />
      <Table withRowBorders={false} verticalSpacing={4} aria-label="Cash drawer">
        <Table.Tbody>
          <Row label="Opening float" value={formatMoney(shift.openingFloat)} />
          <Row label="Paid in" value={formatMoney(report.paidIn)} />
          <Row label="Paid out" value={formatMoney(report.paidOut)} />
          <Row label="Expected cash" value={formatMoney(report.expectedCash)} strong testId="expected-cash" />
          {closed && shift.counted !== null && (
            <Row label="Counted" value={formatMoney(shift.counted)} testId="counted-cash" />
          )}
          {closed && shift.overShort !== null && (
            <Row
              label={shift.overShort < 0 ? 'Short' : shift.overShort > 0 ? 'Over' : 'Over/short'}
              value={formatMoney(shift.overShort)}
              strong
              testId="over-short"
            />
          )}
          {closed && shift.approvedByName && <Row label="Approved by" value={shift.approvedByName} />}
        </Table.Tbody>
      </Table>
      {report.expectedCash < 0 && (
        <Alert color="orange" title="Expected cash is below zero" data-testid="negative-expected-cash">
          More cash left this drawer (refunds, paid outs) than its float and cash sales brought in. Check them before
          counting: the count is the cash really in the drawer.
        </Alert>
      )}
      {closed && report.lateSales.count > 0 && (
        <Text size="sm" data-testid="late-sales">
          {lateSalesText(report.lateSales)}{' '}
          <Text span size="sm" c="dimmed">
            (uploaded after the close: counted in the register's next shift)
          </Text>
        </Text>
      )}
      {report.cashMovements.length > 0 && (
        <Stack gap={4}>
          <Text size="sm" fw={600}>
            Cash movements
          </Text>
          {report.cashMovements.map((m) => (
            <Text key={m.id} size="sm" data-testid="cash-movement">
              {m.kind === 'paid_in' ? 'Paid in' : 'Paid out'} {formatMoney(m.amount)} · {m.reason} · {m.userName}
              {pendingIds?.has(m.id) && (
                <Badge ml="xs" size="sm" color="gray" variant="outline">
                  Not synced
                </Badge>
              )}
              {(m.flags ?? []).map((flag) => (
                <Badge key={flag} ml="xs" size="sm" color="orange" variant="light">
                  {CASH_MOVEMENT_FLAG_LABELS[flag] ?? flag}
                </Badge>
              ))}
            </Text>
          ))}
        </Stack>
      )}
    </Stack>
  );
}
