import { Badge, Button, Group, Table, Text } from '@mantine/core';
import type { FiscalDocument } from '@pos/shared';
import { IconSend } from '@tabler/icons-react';
import { formatDateTime } from '../../../lib/format';

type Props = { doc: FiscalDocument; timezone?: string; onResend?: (doc: FiscalDocument) => void };

/** The table's columns; on a phone the register, the code and Resend move into the USIN and Reason cells. */
export const failedColumns = (canResend: boolean) => [
  'USIN',
  { label: 'Register', visibleFrom: 'sm' },
  { label: "FBR's code", visibleFrom: 'sm' },
  'Reason',
  canResend && { label: 'Action', ta: 'right' as const, visibleFrom: 'sm' },
];

/** Where an invoice was made: its register, or the back office (no register). */
const madeAt = (doc: FiscalDocument) => doc.registerCode ?? 'Back office';

function Code({ doc }: { doc: FiscalDocument }) {
  if (!doc.lastCode) {
    return (
      <Text size="sm" c="dimmed" span>
        No code
      </Text>
    );
  }
  return (
    <Badge color="red" variant="light" style={{ overflow: 'visible' }}>
      {doc.lastCode}
    </Badge>
  );
}

function ResendButton({ doc, onResend }: { doc: FiscalDocument; onResend: (doc: FiscalDocument) => void }) {
  return (
    <Button
      size="xs"
      variant="light"
      leftSection={<IconSend size={14} aria-hidden />}
      aria-label={`Resend ${doc.usin}`}
      onClick={() => onResend(doc)}
    >
      Resend
    </Button>
  );
}

/** One refused invoice: its USIN and when it was made, its register, FBR's code and reason, and Resend. */
export function FailedFiscalRow({ doc, timezone, onResend }: Props) {
  return (
    <Table.Tr>
      <Table.Td>
        <Text size="sm" fw={600} style={{ whiteSpace: 'nowrap' }}>
          {doc.usin}
        </Text>
        <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
          {formatDateTime(doc.createdAt, timezone)}
        </Text>
        <Text size="xs" c="dimmed" hiddenFrom="sm">
          {madeAt(doc)}
        </Text>
      </Table.Td>
      <Table.Td visibleFrom="sm">{madeAt(doc)}</Table.Td>
      <Table.Td visibleFrom="sm">
        <Code doc={doc} />
      </Table.Td>
      <Table.Td>
        <Group gap={6} hiddenFrom="sm" mb={4}>
          <Code doc={doc} />
        </Group>
        <Text size="sm">{doc.lastError ?? 'No reason given'}</Text>
        {onResend ? (
          <Group hiddenFrom="sm" mt="xs">
            <ResendButton doc={doc} onResend={onResend} />
          </Group>
        ) : null}
      </Table.Td>
      {onResend ? (
        <Table.Td visibleFrom="sm">
          <Group justify="flex-end">
            <ResendButton doc={doc} onResend={onResend} />
          </Group>
        </Table.Td>
      ) : null}
    </Table.Tr>
  );
}
