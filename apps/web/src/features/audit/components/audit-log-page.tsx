import { Anchor, Badge, Button, Group, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { type AuditLogItem, auditActionLabel, isSuperAdmin, userCan } from '@pos/shared';
import { useState } from 'react';
import { AccessDenied } from '../../../components/access-denied';
import { ExportButton } from '../../../components/export-button';
import { PagedTable } from '../../../components/paged-table';
import { formatDateTime, showingRange } from '../../../lib/format';
import { useCurrentSelection } from '../../../lib/selection-context';
import { useSessionUser } from '../../../lib/session-store';
import { usePagedList } from '../../../lib/use-paged-list';
import { AUDIT_EXPORT_PATH, type AuditFilters, auditLogsQuery } from '../api/audit.api';
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
  const list = usePagedList({
    scope: companyWide ? (company?.id ?? null) : (branch?.id ?? null),
    filters: {
      branchId: companyWide ? ALL_BRANCHES : '',
      action: '',
      from: '',
      to: '',
      user: null,
    } as FilterState,
    pageSize: LIMIT,
    query: ({ page, limit, filters }) => auditLogsQuery(queryOf(filters), page, limit),
  });
  const [open, setOpen] = useState<AuditLogItem | null>(null);
  const filters = list.filters;
  const change = list.setFilters;
  const wholeCompany = companyWide && filters.branchId === ALL_BRANCHES;
  /** What GET /audit-logs and the export are asked for: the company or a branch, and the filters in use. */
  function queryOf(f: FilterState): AuditFilters {
    const whole = companyWide && f.branchId === ALL_BRANCHES;
    return {
      ...(whole ? { companyId: company?.id } : { branchId: companyWide ? f.branchId : (branch?.id ?? undefined) }),
      userId: f.user?.id,
      action: f.action || undefined,
      from: f.from || undefined,
      to: f.to || undefined,
    };
  }
  const query = queryOf(filters);
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
        <PagedTable
          list={list}
          label="Audit log entries"
          columns={['When', 'Action', 'User', 'Approved by', 'Branch', 'Register', 'Details']}
          row={(row) => (
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
          )}
          minWidth={720}
          loading={selecting}
          errorText="The audit log could not be loaded."
          emptyText="No audit entries match these filters."
          summary={showingRange}
        />
      </Paper>
      <AuditLogDetail timeZone={open ? zoneOf(open) : undefined} item={open} onClose={() => setOpen(null)} />
    </Stack>
  );
}
