import { Badge, Button, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { isCashier, type TransferDetail, userCan } from '@pos/shared';
import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { ListState } from '../../../components/table-state';
import { errorMessage } from '../../../lib/api';
import { formatDateTime } from '../../../lib/format';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { useCurrentSelection } from '../../../lib/selection-context';
import { useSessionUser } from '../../../lib/session-store';
import { useCancelTransfer, useCloseTransfer, useSendTransfer, useTransfer } from '../api/transfers.api';
import { transferStatusColor, transferStatusLabel } from '../utils/transfers';
import { ConfirmAction } from './confirm-action';
import { ReceivePanel } from './receive-panel';
import { TransferLinesTable } from './transfer-lines-table';

type Confirming = 'send' | 'cancel' | 'close' | null;

/** /dashboard/transfers/:id: the transfer, its lines, and what may be done with it now. */
export function TransferDetailPage() {
  const { id = '' } = useParams();
  const { branch } = useCurrentSelection();
  const user = useSessionUser();
  const navigate = useNavigate();
  const transfer = useTransfer(id);
  const [confirming, setConfirming] = useState<Confirming>(null);
  const send = useSendTransfer();
  const cancel = useCancelTransfer();
  const close = useCloseTransfer();
  const t = transfer.data?.data;
  const manages = user ? userCan(user, 'adjust_stock') : false;
  // A cashier of the receiving branch may receive when the branch allows it (the server decides).
  const mayReceive = manages || (user !== null && isCashier(user) && t?.toBranch.id === branch?.id);

  const run = async (action: () => Promise<{ message?: string }>, fallback: string) => {
    try {
      const answer = await action();
      if (answer.message) notifySuccess(answer.message);
    } catch (failure) {
      notifyError(errorMessage(failure, fallback));
      throw failure;
    }
  };

  if (!t) {
    return (
      <Stack gap="md">
        <Title order={1} size="h2">
          Transfer
        </Title>
        <ListState loading={transfer.isPending} failed={transfer.isError} errorText="Transfer not found" emptyText="" />
        <Button variant="default" component={Link} to="/dashboard/transfers" w="fit-content">
          Back to Transfers
        </Button>
      </Stack>
    );
  }

  const tz = branch?.timezone;
  return (
    <Stack gap="md">
      <Group justify="space-between" wrap="wrap">
        <Group gap="sm">
          <Title order={1} size="h2">
            Transfer {t.number}
          </Title>
          <Badge size="lg" color={transferStatusColor(t.status)} variant="light" data-testid="transfer-status">
            {transferStatusLabel(t.status)}
          </Badge>
        </Group>
        <Group gap="sm">
          <Button variant="default" component={Link} to="/dashboard/transfers">
            Back
          </Button>
          {t.status === 'draft' && manages ? (
            <>
              <Button variant="light" onClick={() => navigate(`/dashboard/transfers/${t.id}/edit`)}>
                Edit
              </Button>
              <Button variant="light" color="red" onClick={() => setConfirming('cancel')}>
                Cancel Transfer
              </Button>
              <Button onClick={() => setConfirming('send')}>Send</Button>
            </>
          ) : null}
          {t.status === 'in_transit' && manages ? (
            <Button variant="light" color="orange" onClick={() => setConfirming('close')}>
              Close Transfer
            </Button>
          ) : null}
        </Group>
      </Group>
      <Summary t={t} tz={tz} />
      <Paper withBorder p="md" radius="md">
        <TransferLinesTable transfer={t} />
      </Paper>
      {t.status === 'in_transit' && mayReceive ? (
        <Paper withBorder p="md" radius="md">
          <ReceivePanel key={t.quantityReceived + t.quantityDamaged} transfer={t} />
        </Paper>
      ) : null}
      <ConfirmAction
        opened={confirming === 'send'}
        onClose={() => setConfirming(null)}
        title="Send transfer"
        text={`Send ${t.quantitySent} units to ${t.toBranch.name}? They leave ${t.fromBranch.name}'s stock now.`}
        confirmLabel="Send"
        onConfirm={() => run(() => send.mutateAsync(t.id), 'Failed to send the transfer')}
      />
      <ConfirmAction
        opened={confirming === 'cancel'}
        onClose={() => setConfirming(null)}
        title="Cancel transfer"
        text="Cancel this draft? It cannot be sent afterwards."
        confirmLabel="Cancel Transfer"
        color="red"
        onConfirm={() => run(() => cancel.mutateAsync(t.id), 'Failed to cancel the transfer')}
      />
      <ConfirmAction
        opened={confirming === 'close'}
        onClose={() => setConfirming(null)}
        title="Close transfer"
        text={`Close with ${t.quantitySent - t.quantityReceived - t.quantityDamaged} units not received written off as missing?`}
        confirmLabel="Close Transfer"
        color="orange"
        withNote
        onConfirm={(note) => run(() => close.mutateAsync({ id: t.id, note: note || undefined }), 'Failed to close')}
      />
    </Stack>
  );
}

function Summary({ t, tz }: { t: TransferDetail; tz?: string | null }) {
  const field = (label: string, value: string) => (
    <div>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text fw={500}>{value}</Text>
    </div>
  );
  return (
    <Paper withBorder p="md" radius="md">
      <SimpleGrid cols={{ base: 2, sm: 4 }}>
        {field('From', t.fromBranch.name)}
        {field('To', t.toBranch.name)}
        {field('Created', `${formatDateTime(t.createdAt, tz)}${t.createdByName ? ` by ${t.createdByName}` : ''}`)}
        {field('Sent', t.sentAt ? formatDateTime(t.sentAt, tz) : 'Not sent')}
        {field('Received', t.receivedAt ? formatDateTime(t.receivedAt, tz) : '-')}
        {field('Closed', t.closedAt ? formatDateTime(t.closedAt, tz) : '-')}
        {field('Units', `${t.quantitySent} sent, ${t.quantityReceived} received, ${t.quantityDamaged} damaged`)}
        {field('Note', t.note ?? '-')}
      </SimpleGrid>
    </Paper>
  );
}
