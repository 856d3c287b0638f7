import { Alert, Button, SimpleGrid, Stack, Text } from '@mantine/core';
import { FISCAL_DEADLINE_HOURS, type FiscalStatus, userCan } from '@pos/shared';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { fiscalKeys } from '../../../lib/api/fiscal.api';
import { formatCount, formatDateTime } from '../../../lib/format';
import { useSessionUser } from '../../../lib/session-store';
import { useFiscalStatus } from '../api/fiscal.api';
import { formatAge } from '../utils/format';
import { Figure, isForbidden, Panel } from './dashboard-panel';
import { FailedFiscalInvoices } from './failed-fiscal-invoices';

type Props = { branchId?: string; timezone?: string };

/**
 * The branch's reporting to FBR: how many invoices wait, were refused and were numbered, how long the oldest has
 * waited (past the 24-hour rule: a red alert) and the refused ones to resend. Not shown while the branch does not
 * report, nor to a user the server does not let read it (403).
 */
export function FiscalStatusPanel({ branchId, timezone }: Props) {
  const status = useFiscalStatus(branchId);
  const me = useSessionUser();
  const failed = status.data?.failed;
  const queryClient = useQueryClient();
  // A pending invoice refused since the list was read (the figures are read again while some wait): the list too.
  const seenFailed = useRef(failed);
  useEffect(() => {
    const before = seenFailed.current;
    seenFailed.current = failed;
    if (branchId && before !== undefined && failed !== undefined && failed !== before) {
      void queryClient.invalidateQueries({ queryKey: [...fiscalKeys.branch(branchId), 'documents'] });
    }
  }, [branchId, failed, queryClient]);

  if (!branchId || isForbidden(status.error)) return null;
  if (status.isError) {
    return (
      <Panel title="FBR Reporting">
        <Stack gap="xs" align="flex-start">
          <Text size="sm" c="dimmed">
            The fiscal status could not be loaded.
          </Text>
          <Button size="xs" variant="light" onClick={() => status.refetch()}>
            Try again
          </Button>
        </Stack>
      </Panel>
    );
  }
  if (!status.data || status.data.provider === 'none') return null;
  return (
    <Panel title="FBR Reporting">
      <Stack gap="md" style={status.isFetching ? { opacity: 0.85 } : undefined}>
        {status.data.overdue ? <OverdueAlert status={status.data} timezone={timezone} /> : null}
        <FiscalFigures status={status.data} />
        <FailedFiscalInvoices
          branchId={branchId}
          timezone={timezone}
          canResend={userCan(me, 'manage_register_rules')}
        />
      </Stack>
    </Panel>
  );
}

function FiscalFigures({ status }: { status: FiscalStatus }) {
  return (
    <SimpleGrid cols={{ base: 2, sm: 4 }} data-testid="fiscal-figures">
      <Figure label="Pending" value={formatCount(status.pending)} />
      <Figure label="Failed" value={formatCount(status.failed)} />
      <Figure label="Sent" value={formatCount(status.sent)} />
      <Figure
        label="Oldest pending"
        value={status.oldestPendingAt ? `${formatAge(status.oldestPendingAt)} old` : 'None'}
      />
    </SimpleGrid>
  );
}

function OverdueAlert({ status, timezone }: { status: FiscalStatus; timezone?: string }) {
  const age = status.oldestPendingAt ? formatAge(status.oldestPendingAt) : '';
  return (
    <Alert
      color="red"
      variant="light"
      icon={<IconAlertTriangle size={18} />}
      title="Past FBR's 24-hour rule"
      role="alert"
      data-testid="fiscal-overdue"
    >
      The oldest pending invoice was made {age} ago ({formatDateTime(status.oldestPendingAt, timezone)}): FBR wants
      every invoice reported within {FISCAL_DEADLINE_HOURS} hours. Check the branch's connection to FBR and its POS
      registrations in Settings.
    </Alert>
  );
}
