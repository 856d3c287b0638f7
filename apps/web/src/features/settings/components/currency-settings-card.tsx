import { Badge, Button, Card, Group, Select, Stack, Text, Title } from '@mantine/core';
import { DEFAULT_CURRENCY } from '@pos/shared';
import { IconCurrency } from '@tabler/icons-react';
import { useEffect, useMemo, useState } from 'react';
import { errorMessage } from '../../../lib/api';
import { currencyOptions } from '../../../lib/format';
import { notifySuccess } from '../../../lib/notify';
import { useCurrentSelection } from '../../../lib/selection-context';
import { useSessionUser } from '../../../lib/session-store';
import { useUpdateCurrencyMutation } from '../api/currency.api';

/** The selected company's currency: every amount on every screen and receipt is shown in it. */
export function CurrencySettingsCard() {
  const { company } = useCurrentSelection();
  const user = useSessionUser();
  const stored = user?.company.find((c) => c.id === company?.id)?.currency || DEFAULT_CURRENCY;
  const [value, setValue] = useState<string | null>(stored);
  const [error, setError] = useState<string | null>(null);
  const update = useUpdateCurrencyMutation();
  const options = useMemo(currencyOptions, []);

  useEffect(() => {
    setValue(stored);
    setError(null);
  }, [stored]);

  const save = async () => {
    if (!company || !value) return;
    setError(null);
    try {
      await update.mutateAsync({ companyId: company.id, currency: value });
      notifySuccess('Currency updated successfully.');
    } catch (e) {
      setError(errorMessage(e, 'Failed to update currency.'));
    }
  };

  return (
    <Card withBorder radius="md" padding="lg">
      <Stack gap="md">
        <Group justify="space-between">
          <Group gap="xs">
            <IconCurrency size={20} />
            <Title order={2} size="h3">
              Currency
            </Title>
          </Group>
          <Badge color="red" variant="light">
            Super Admin Only
          </Badge>
        </Group>
        <Select
          label="Company currency"
          data={options}
          searchable
          allowDeselect={false}
          value={value}
          onChange={setValue}
          error={error}
          disabled={!company}
        />
        <Text size="sm" c="dimmed">
          Every amount of {company ? <b>{company.name}</b> : 'the company'} is shown in this currency, on every screen
          and receipt.
        </Text>
        <Group justify="flex-end">
          <Button onClick={() => void save()} loading={update.isPending} disabled={!company || value === stored}>
            Update Currency
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}
