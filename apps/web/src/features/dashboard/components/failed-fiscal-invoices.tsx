import { Stack, Title } from '@mantine/core';
import { FISCAL_MSG, type FiscalDocument } from '@pos/shared';
import { useState } from 'react';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { PagedTable } from '../../../components/paged-table';
import { errorMessage } from '../../../lib/api';
import { showingRange } from '../../../lib/format';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { usePagedList } from '../../../lib/use-paged-list';
import { fiscalDocumentsQuery, useResendFiscalDocument } from '../api/fiscal.api';
import { FailedFiscalRow, failedColumns } from './failed-fiscal-row';

const PAGE_SIZE = 5;

type Props = { branchId: string; timezone?: string; canResend: boolean };

/** The confirmation's text: what FBR answered, and that the cause is to be put right first. */
export function resendMessage(doc: FiscalDocument | null): string {
  if (!doc) return '';
  const answer = `${doc.lastCode ? `${doc.lastCode}: ` : ''}${doc.lastError ?? 'no reason given'}`;
  return `Send ${doc.usin} to FBR again? FBR answered ${answer.replace(/\.$/, '')}. Resend it once the cause is put right.`;
}

/**
 * The branch's invoices FBR refused, newest first, paged on the server: each with FBR's code and reason, and for
 * managers a Resend (after a confirmation) once the cause is put right.
 */
export function FailedFiscalInvoices({ branchId, timezone, canResend }: Props) {
  const list = usePagedList({
    scope: branchId,
    pageSize: PAGE_SIZE,
    query: ({ page, limit }) => fiscalDocumentsQuery({ branchId, status: 'failed', page, limit }),
    errorToast: { id: 'fetch-fiscal-failed', message: 'Failed to fetch the failed invoices' },
  });
  const resend = useResendFiscalDocument(branchId);
  const [resending, setResending] = useState<FiscalDocument | null>(null);

  const confirmResend = async () => {
    if (!resending) return;
    try {
      const answer = await resend.mutateAsync(resending.id);
      notifySuccess(`${answer.message ?? FISCAL_MSG.resent}: ${resending.usin}.`);
    } catch (error) {
      notifyError(errorMessage(error, `Failed to resend ${resending.usin}`));
      throw error;
    }
  };

  return (
    <Stack gap="xs">
      <Title order={3} size="h5">
        Failed invoices
      </Title>
      <PagedTable
        list={list}
        label="Failed fiscal invoices"
        columns={failedColumns(canResend)}
        row={(doc) => (
          <FailedFiscalRow key={doc.id} doc={doc} timezone={timezone} onResend={canResend ? setResending : undefined} />
        )}
        emptyText="No failed invoices: FBR has taken every invoice sent."
        errorText="Failed to fetch the failed invoices"
        summary={(range) => showingRange({ ...range, noun: 'failed invoices' })}
      />
      <ConfirmDialog
        opened={resending !== null}
        onClose={() => setResending(null)}
        onConfirm={confirmResend}
        title="Resend invoice"
        message={resendMessage(resending)}
        confirmLabel="Resend"
      />
    </Stack>
  );
}
