import { Button, Flex, Group, Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import { type AccountSummary, AGEING_BUCKETS } from '@pos/shared';
import { IconCash, IconGauge } from '@tabler/icons-react';
import { useId } from 'react';
import { formatMoney } from '../../../lib/format';

type AccountSummaryProps = {
  /** The account as the server answered it; while it loads, the balance and limit the customer carries. */
  summary: Pick<AccountSummary, 'balance' | 'creditLimit' | 'available'> & { ageing?: AccountSummary['ageing'] };
  /** Opens the Receive payment dialog; absent for a user who may not (not a Manager or Super Admin). */
  onReceivePayment?: () => void;
  /** Opens the Set credit limit dialog; absent for a user who may not. */
  onSetLimit?: () => void;
};

/** One figure: its label names the output (`getByLabel('Balance owed')`). */
function Figure({ label, value, strong = false }: { label: string; value: number; strong?: boolean }) {
  const id = useId();
  return (
    <div>
      <Text size="sm" c="dimmed" id={id}>
        {label}
      </Text>
      <Text
        component="output"
        display="block"
        fz={20}
        fw={700}
        c={strong && value > 0 ? 'red.9' : undefined}
        aria-labelledby={id}
        style={{ whiteSpace: 'nowrap' }}
      >
        {formatMoney(value)}
      </Text>
    </div>
  );
}

/**
 * The head of the Account tab: what the customer owes, their credit limit and what is left of it, the actions of
 * those who may, and what is owed by age (the unpaid part of each sale on account; payments pay the oldest first).
 */
export function AccountSummaryView({ summary, onReceivePayment, onSetLimit }: AccountSummaryProps) {
  const ageingId = useId();
  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end" gap="md">
        <Flex wrap="wrap" columnGap="xl" rowGap="sm" align="flex-end">
          <Figure label="Balance owed" value={summary.balance} strong />
          <Figure label="Credit limit" value={summary.creditLimit} />
          <Figure label="Available" value={summary.available} />
        </Flex>
        {onReceivePayment || onSetLimit ? (
          <Group gap="sm">
            {onReceivePayment ? (
              <Button leftSection={<IconCash size={16} aria-hidden />} onClick={onReceivePayment}>
                Receive payment
              </Button>
            ) : null}
            {onSetLimit ? (
              <Button variant="light" leftSection={<IconGauge size={16} aria-hidden />} onClick={onSetLimit}>
                Set credit limit
              </Button>
            ) : null}
          </Group>
        ) : null}
      </Group>
      <section aria-labelledby={ageingId}>
        <Text size="sm" fw={600} id={ageingId} mb={6} component="h2">
          Owed by age
        </Text>
        <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="sm">
          {AGEING_BUCKETS.map((bucket) => (
            <AgeingFigure key={bucket.key} label={bucket.label} value={summary.ageing?.[bucket.key] ?? 0} />
          ))}
        </SimpleGrid>
      </section>
    </Stack>
  );
}

function AgeingFigure({ label, value }: { label: string; value: number }) {
  const id = useId();
  return (
    <Paper withBorder radius="md" p="sm">
      <Text size="xs" c="dimmed" id={id}>
        {label}
      </Text>
      <Text component="output" display="block" fw={600} aria-labelledby={id} style={{ whiteSpace: 'nowrap' }}>
        {formatMoney(value)}
      </Text>
    </Paper>
  );
}
