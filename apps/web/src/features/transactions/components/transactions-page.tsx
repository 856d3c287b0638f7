import { Badge, Group, Paper, Stack, Title } from '@mantine/core';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { ExportButton, exportQuery } from '../../../components/export-button';
import { PagerFooter } from '../../../components/pager-footer';
import {
  isForbidden,
  useTransaction,
  useTransactionAnalytics,
  useTransactions,
} from '../../../lib/api/transactions.api';
import { showingRange } from '../../../lib/format';
import { useCurrentSelection } from '../../../lib/selection-context';
import { useKeepPageInRange } from '../../../lib/use-list-controls';
import { useReprintReceipt } from '../hooks/use-reprint-receipt';
import { useTransactionFilters } from '../hooks/use-transaction-filters';
import { emptyTransactionsText, transactionListQuery } from '../utils/filters';
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

  const filters = useTransactionFilters({ scope: branchId });
  const transactions = useTransactions(
    transactionListQuery(filters.applied, { branchId: branchId ?? '', page: filters.page, limit: filters.pageSize }),
  );
  const analytics = useTransactionAnalytics({ branchId: branchId ?? '', ...filters.range });

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

  const rows = transactions.data?.data ?? [];
  const total = transactions.data?.meta?.total ?? 0;
  const totalPages = Math.max(1, transactions.data?.meta?.totalPages ?? 1);
  const { page, setPage } = filters;

  useKeepPageInRange(page, setPage, transactions);

  const isListLoading = isSelecting || (Boolean(branchId) && transactions.isPending);
  const emptyText = transactions.isError
    ? 'Failed to fetch transactions'
    : emptyTransactionsText(filters.filtersActive);
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
              query={exportQuery(transactionListQuery(filters.applied, { branchId, page: 1, limit: filters.pageSize }))}
              entity="transactions"
            />
          </Group>
        ) : null}
      </Group>

      <SummaryCards
        analytics={analytics.data?.data}
        isLoading={isSelecting || (Boolean(branchId) && analytics.isPending)}
        isRestricted={isRestricted}
        isRefreshing={analytics.isPlaceholderData}
      />

      <Paper withBorder p="md" radius="md">
        <Stack gap="md">
          <TransactionFilters filters={filters} />
          <TransactionsTable
            rows={rows}
            isLoading={isListLoading}
            isStale={transactions.isPlaceholderData}
            emptyText={emptyText}
            timeZone={timeZone}
            onView={openDetails}
          />
          <PagerFooter
            label={showingRange({
              page: Math.min(page, totalPages),
              limit: filters.pageSize,
              total,
              noun: 'transactions',
            })}
            page={page}
            totalPages={totalPages}
            onPageChange={setPage}
            labelledControls
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
