import type { ReportKind, ReportSort, reportResponses } from '@pos/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { type Answer, apiRequest } from '../../../lib/api';

/** What a report is asked for: a branch, or (Super Admin) a whole company; local days; the sort. */
export type ReportParams = {
  report: ReportKind;
  branchId?: string;
  companyId?: string;
  startDate?: string;
  endDate?: string;
  sort?: ReportSort;
  order?: 'asc' | 'desc';
  limit?: number;
};

export const reportKeys = {
  all: ['reports'] as const,
  one: (p: ReportParams) => ['reports', p] as const,
};

/** The query of GET /reports/{report} and of its export twin (the same filters). */
export function reportQuery({ report: _report, ...params }: ReportParams) {
  return params;
}

export const reportPath = (report: ReportKind) => `/reports/${report}`;
export const reportExportPath = (report: ReportKind) => `/reports/${report}/export.csv`;

/** The whole answer: the report in `data`, and in `meta.freshness` how fresh it is when read from a replica. */
export function fetchReport(params: ReportParams, signal?: AbortSignal) {
  return apiRequest<Answer<typeof reportResponses.get>>(reportPath(params.report), {
    query: reportQuery(params),
    signal,
  });
}

/** One report; the previous one stays on screen while the next loads. */
export function useReport(params: ReportParams, enabled: boolean) {
  return useQuery({
    queryKey: reportKeys.one(params),
    queryFn: ({ signal }) => fetchReport(params, signal),
    placeholderData: keepPreviousData,
    enabled,
  });
}
