import { Badge, Group, Paper, Stack, Title } from '@mantine/core';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { ExportButton, exportQuery } from '../../../components/export-button';
import { FreshnessNotice } from '../../../components/freshness-notice';
import {
  isForbidden,
  transactionsQuery,
  useTransaction,
  useTransactionAnalytics,
} from '../../../lib/api/transactions.api';
import { useCurrentSelection } from '../../../lib/selection-context';
import { usePagedList } from '../../../lib/use-paged-list';
import { useReprintReceipt } from '../hooks/use-reprint-receipt';
import {
  type TransactionFilters as Applied,
  dateRangeParams,
  emptyTransactionsText,
  hasActiveFilters,
  NO_FILTERS,
  transactionListQuery,
} from '../utils/filters';
import { SummaryCards } from './summary-cards';
import { TransactionDetailsModal } from './transaction-details-modal';
import { TransactionFilters } from './transaction-filters';
import { TransactionsTable } from './transactions-table';

/** The query parameter that opens one transaction's details (the dashboard links to ?id={id}). */
const DETAILS_PARAM = 'id';

/** /dashboard/transactions: summary cards, filters, the paged list and the details modal (spec 02, section 2). */
export function TransactionsPage() {
  const { branch, isLoading: isSelecting } = useCurrentSelection();
  const branchId = branch?.id ?? null;
  const timeZone = branch?.timezone ?? null;

  // The cashier name is the list's search: debounced, and an emptied box (or 'Clear filters') applies at once.
  const list = usePagedList({
    scope: branchId,
    filters: NO_FILTERS,
    query: ({ page, limit, search, filters }) =>
      transactionsQuery(
        transactionListQuery({ ...filters, cashierName: search }, { branchId: branchId ?? '', page, limit }),
      ),
    errorToast: { id: 'fetch-transactions', message: 'Failed to fetch transactions' },
  });
  const applied: Applied = { ...list.filters, cashierName: list.appliedSearch };
  const analytics = useTransactionAnalytics({ branchId: branchId ?? '', ...dateRangeParams(applied) });

  const [searchParams, setSearchParams] = useSearchParams();
  const selectedId = searchParams.get(DETAILS_PARAM);
  // The modal keeps showing the last sale while it closes (the id has already left the URL).
  const [shownId, setShownId] = useState(selectedId);
  if (selectedId && selectedId !== shownId) setShownId(selectedId);
  const details = useTransaction(selectedId ?? shownId, { enabled: Boolean(selectedId) });
  const { reprint, isPrinting } = useReprintReceipt();

  const openDetails = (id: string) =>
    setSearchParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        next.set(DETAILS_PARAM, id);
        return next;
      },
      { replace: true },
    );
  const closeDetails = () =>
    setSearchParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        next.delete(DETAILS_PARAM);
        return next;
      },
      { replace: true },
    );

  const emptyText = emptyTransactionsText(hasActiveFilters(applied));
  const isRestricted = isForbidden(analytics.error);

  return (
    <Stack gap="md">
      <Group gap="sm" align="center">
        <Title order={1} size="h2">
          Sales Transactions
        </Title>
        {branch ? (
          <Badge size="lg" variant="light" color="blue">
            {branch.name}
          </Badge>
        ) : null}
        {branchId ? (
          <Group ml="auto">
            <ExportButton
              path="/transactions/export.csv"
              query={exportQuery(transactionListQuery(applied, { branchId, page: 1, limit: list.pageSize }))}
              entity="transactions"
            />
          </Group>
        ) : null}
      </Group>

      <FreshnessNotice answers={[analytics.data?.meta?.freshness]} />
      <SummaryCards
        analytics={analytics.data?.data}
        isLoading={isSelecting || (Boolean(branchId) && analytics.isPending)}
        isRestricted={isRestricted}
        isRefreshing={analytics.isPlaceholderData}
      />

      <Paper withBorder p="md" radius="md">
        <Stack gap="md">
          <TransactionFilters list={list} />
          <TransactionsTable
            list={list}
            loading={isSelecting}
            emptyText={emptyText}
            timeZone={timeZone}
            onView={openDetails}
          />
        </Stack>
      </Paper>

      <TransactionDetailsModal
        opened={Boolean(selectedId)}
        onClose={closeDetails}
        sale={details.data?.data}
        isLoading={details.isPending && Boolean(selectedId)}
        isError={details.isError}
        timeZone={timeZone}
        onReprint={reprint}
        isPrinting={isPrinting}
      />
    </Stack>
  );
}
