import { Badge, Group, Paper, Select, Stack, Text, Title } from '@mantine/core';
import { defaultReportSort, isSuperAdmin, type ReportKind, type ReportSort, userCan } from '@pos/shared';
import { useState } from 'react';
import { AccessDenied } from '../../../components/access-denied';
import { DateField } from '../../../components/date-field';
import { ExportButton } from '../../../components/export-button';
import { FreshnessNotice } from '../../../components/freshness-notice';
import { useCurrentSelection } from '../../../lib/selection-context';
import { useSessionUser } from '../../../lib/session-store';
import { type ReportParams, reportExportPath, reportQuery, useReport } from '../api/reports.api';
import { daysAgo, REPORT_LABELS, reportOptions } from '../utils/reports';
import { ReportChart } from './report-chart';
import { ReportTable } from './report-table';

/** Display format of the date pickers; the value sent is yyyy-mm-dd (local days of the branch). */
const ROWS = 100;

/** /dashboard/reports: Managers and Super Admins (view_sales); a cashier sees Access Denied. */
export function ReportsPage() {
  const me = useSessionUser();
  if (!userCan(me, 'view_sales')) {
    return (
      <AccessDenied message="You don't have permission to access this page. Only managers and administrators can view reports." />
    );
  }
  return <ReportsScreen withCost={userCan(me, 'view_cost')} companyWide={Boolean(me && isSuperAdmin(me))} />;
}

function ReportsScreen({ withCost, companyWide }: { withCost: boolean; companyWide: boolean }) {
  const { branch, company, isLoading: selecting } = useCurrentSelection();
  const [kind, setKind] = useState<ReportKind>('sales-by-day');
  const [scope, setScope] = useState<'branch' | 'company'>('branch');
  const [startDate, setStartDate] = useState<string>(() => daysAgo(29));
  const [endDate, setEndDate] = useState<string>(() => daysAgo(0));
  const [sorting, setSorting] = useState<{ sort: ReportSort; order: 'asc' | 'desc' }>(defaultReportSort(kind));

  const wholeCompany = companyWide && scope === 'company';
  const params: ReportParams = {
    report: kind,
    ...(wholeCompany ? { companyId: company?.id } : { branchId: branch?.id }),
    startDate: startDate || undefined,
    endDate: endDate || undefined,
    sort: sorting.sort,
    order: sorting.order,
    limit: ROWS,
  };
  const enabled = Boolean(wholeCompany ? company?.id : branch?.id);
  const report = useReport(params, enabled);
  const data = report.data?.data;

  const chooseReport = (value: string | null) => {
    if (!value) return;
    const next = value as ReportKind;
    setKind(next);
    setSorting(defaultReportSort(next));
  };
  const onSort = (sort: ReportSort) =>
    setSorting((s) =>
      s.sort === sort
        ? { sort, order: s.order === 'asc' ? 'desc' : 'asc' }
        : { sort, order: sort === 'label' ? 'asc' : 'desc' },
    );

  return (
    <Stack gap="md">
      <Group gap="sm" align="center">
        <Title order={1} size="h2">
          Reports
        </Title>
        <Badge size="lg" variant="light" color="blue">
          {wholeCompany ? (company?.name ?? 'Company') : (branch?.name ?? 'Branch')}
        </Badge>
      </Group>
      <FreshnessNotice answers={[report.data?.meta?.freshness]} />

      <Paper withBorder p="md">
        <Group align="flex-end" gap="sm" wrap="wrap">
          <Select
            label="Report"
            data={reportOptions(withCost)}
            value={kind}
            onChange={chooseReport}
            allowDeselect={false}
            w={240}
          />
          {companyWide ? (
            <Select
              label="Branches"
              data={[
                { value: 'branch', label: 'Selected branch' },
                { value: 'company', label: 'Whole company' },
              ]}
              value={scope}
              onChange={(v) => setScope(v === 'company' ? 'company' : 'branch')}
              allowDeselect={false}
              w={180}
            />
          ) : null}
          <DateField label="Start Date" value={startDate} onChange={setStartDate} maxDate={endDate} />
          <DateField label="End Date" value={endDate} onChange={setEndDate} minDate={startDate} />
          <ExportButton path={reportExportPath(kind)} query={reportQuery(params)} entity={REPORT_LABELS[kind]} />
        </Group>
      </Paper>

      <Paper withBorder p="md">
        <Stack gap="md">
          {data && data.rows.length > 0 ? <ReportChart report={data} /> : null}
          <ReportTable
            kind={kind}
            report={data?.report === kind ? data : undefined}
            loading={selecting || report.isPending || (report.isFetching && data?.report !== kind)}
            failed={report.isError}
            sort={sorting.sort}
            order={sorting.order}
            onSort={onSort}
          />
          {data && data.totalRows > data.rows.length ? (
            <Text size="sm" c="dimmed">
              Showing the first {data.rows.length} of {data.totalRows} rows; the export has them all.
            </Text>
          ) : null}
        </Stack>
      </Paper>
    </Stack>
  );
}
