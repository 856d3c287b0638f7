import { Anchor, Badge, Button, Group, Paper, ScrollArea, Stack, Table, Text, Title } from '@mantine/core';
import { type AuditLogItem, auditActionLabel, isSuperAdmin, userCan } from '@pos/shared';
import { useState } from 'react';
import { AccessDenied } from '../../../components/access-denied';
import { ExportButton } from '../../../components/export-button';
import { PagerFooter } from '../../../components/pager-footer';
import { TableStateRow } from '../../../components/table-state';
import { formatDateTime, showingRange } from '../../../lib/format';
import { useCurrentSelection } from '../../../lib/selection-context';
import { useSessionUser } from '../../../lib/session-store';
import { AUDIT_EXPORT_PATH, type AuditFilters, useAuditLogs } from '../api/audit.api';
import { AuditLogDetail } from './audit-log-detail';
import { ALL_BRANCHES, AuditLogFilters, type FilterState } from './audit-log-filters';

const LIMIT = 20;

/** /dashboard/audit-log: Super Admin reads the company (any branch), a Manager their branch (view_audit). */
export function AuditLogPage() {
  const me = useSessionUser();
  if (!userCan(me, 'view_audit')) {
    return (
      <AccessDenied message="You don't have permission to access this page. Only managers and administrators can view the audit log." />
    );
  }
  return <AuditLogScreen companyWide={Boolean(me && isSuperAdmin(me))} />;
}

function AuditLogScreen({ companyWide }: { companyWide: boolean }) {
  const { company, branch, branches, isLoading: selecting } = useCurrentSelection();
  const [filters, setFilters] = useState<FilterState>({
    branchId: companyWide ? ALL_BRANCHES : '',
    action: '',
    from: '',
    to: '',
    user: null,
  });
  const [page, setPage] = useState(1);
  const [open, setOpen] = useState<AuditLogItem | null>(null);

  const wholeCompany = companyWide && filters.branchId === ALL_BRANCHES;
  const query: AuditFilters = {
    ...(wholeCompany
      ? { companyId: company?.id }
      : { branchId: companyWide ? filters.branchId : (branch?.id ?? undefined) }),
    userId: filters.user?.id,
    action: filters.action || undefined,
    from: filters.from || undefined,
    to: filters.to || undefined,
  };
  const enabled = Boolean(query.companyId || query.branchId);
  const logs = useAuditLogs(query, page, LIMIT, enabled);
  const rows = logs.data?.data ?? [];
  const meta = logs.data?.meta;
  const change = (next: FilterState) => {
    setFilters(next);
    setPage(1);
  };
  // An entry's time in its branch's zone (every screen shows the branch's); a company-wide entry in the selected branch's.
  const zoneOf = (row: AuditLogItem) => branches.find((b) => b.id === row.branchId)?.timezone ?? branch?.timezone;
  const person = (p: { id: string; name: string } | null, label: string) =>
    p ? (
      <Anchor
        component="button"
        type="button"
        size="sm"
        onClick={() => change({ ...filters, user: p })}
        aria-label={`${p.name} (${label}): show only their entries`}
      >
        {p.name}
      </Anchor>
    ) : (
      <Text size="sm" c="dimmed">
        —
      </Text>
    );

  return (
    <Stack gap="md">
      <Group gap="sm" align="center">
        <Title order={1} size="h2">
          Audit Log
        </Title>
        <Badge size="lg" variant="light" color="blue">
          {wholeCompany ? (company?.name ?? 'Company') : (branch?.name ?? 'Branch')}
        </Badge>
      </Group>
      <AuditLogFilters value={filters} onChange={change} branches={companyWide ? branches : null}>
        <ExportButton path={AUDIT_EXPORT_PATH} query={query} entity="audit log" />
      </AuditLogFilters>
      <Paper withBorder p="md">
        <ScrollArea type="auto">
          <Table striped highlightOnHover miw={720} aria-label="Audit log entries">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>When</Table.Th>
                <Table.Th>Action</Table.Th>
                <Table.Th>User</Table.Th>
                <Table.Th>Approved by</Table.Th>
                <Table.Th>Branch</Table.Th>
                <Table.Th>Register</Table.Th>
                <Table.Th>Details</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.length === 0 ? (
                <TableStateRow
                  colSpan={7}
                  loading={selecting || (enabled && logs.isPending)}
                  failed={logs.isError}
                  errorText="The audit log could not be loaded."
                  emptyText="No audit entries match these filters."
                />
              ) : (
                rows.map((row) => (
                  <Table.Tr key={row.id}>
                    <Table.Td>{formatDateTime(row.createdAt, zoneOf(row))}</Table.Td>
                    <Table.Td>{auditActionLabel(row.action)}</Table.Td>
                    <Table.Td>{person(row.user, 'user')}</Table.Td>
                    <Table.Td>{person(row.approvedBy, 'approver')}</Table.Td>
                    <Table.Td>{row.branchName ?? '—'}</Table.Td>
                    <Table.Td>{row.registerCode ?? '—'}</Table.Td>
                    <Table.Td>
                      <Button
                        size="xs"
                        variant="default"
                        onClick={() => setOpen(row)}
                        aria-label={`View details: ${auditActionLabel(row.action)}, ${formatDateTime(row.createdAt, zoneOf(row))}`}
                      >
                        View
                      </Button>
                    </Table.Td>
                  </Table.Tr>
                ))
              )}
            </Table.Tbody>
          </Table>
        </ScrollArea>
        {meta ? (
          <PagerFooter
            mt="md"
            label={showingRange({ page: meta.page, limit: meta.limit, total: meta.total })}
            page={page}
            totalPages={meta.totalPages}
            onPageChange={setPage}
            labelledControls
          />
        ) : null}
      </Paper>
      <AuditLogDetail timeZone={open ? zoneOf(open) : undefined} item={open} onClose={() => setOpen(null)} />
    </Stack>
  );
}
