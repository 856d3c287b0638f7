import { Badge, Button, Card, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import { updateScaleLabelsSchema } from '@pos/shared';
import { IconScale } from '@tabler/icons-react';
import { type FormEvent, useEffect, useState } from 'react';
import { errorMessage } from '../../../lib/api';
import { notifySuccess } from '../../../lib/notify';
import { useCurrentSelection } from '../../../lib/selection-context';
import { useScaleLabelPrefixQuery, useUpdateScaleLabelsMutation } from '../api/settings.api';

/**
 * The prefix of the company's scale labels (20-29): the register reads a scanned EAN-13 of that prefix as an
 * item code and a weight. Empty: the company's scales print no labels. Shown to super admins only (the
 * parent decides).
 */
export function ScaleLabelsCard() {
  const { company, branch, branches } = useCurrentSelection();
  const stored = useScaleLabelPrefixQuery(company?.id ?? null, branch?.id ?? branches[0]?.id ?? null);
  const storedValue = stored.data ?? '';
  const [value, setValue] = useState(storedValue);
  const [error, setError] = useState<string | null>(null);
  const update = useUpdateScaleLabelsMutation();

  useEffect(() => {
    setValue(storedValue);
    setError(null);
  }, [storedValue]);

  const save = async (event: FormEvent) => {
    event.preventDefault();
    if (!company) return;
    const body = { companyId: company.id, scaleWeightPrefix: value.trim() || null };
    const parsed = updateScaleLabelsSchema.safeParse(body);
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? null);
      return;
    }
    setError(null);
    try {
      await update.mutateAsync(parsed.data);
      notifySuccess('Scale labels updated successfully.');
    } catch (e) {
      setError(errorMessage(e, 'Failed to update the scale labels.'));
    }
  };

  return (
    <Card withBorder radius="md" padding="lg">
      <form onSubmit={save} noValidate>
        <Stack gap="md">
          <Group justify="space-between">
            <Group gap="xs">
              <IconScale size={20} aria-hidden />
              <Title order={2} size="h3">
                Scale Labels
              </Title>
            </Group>
            <Badge color="red" variant="light">
              Super Admin Only
            </Badge>
          </Group>
          <TextInput
            label="Scale label prefix"
            placeholder="21"
            description="Two digits from 20 to 29. Leave empty if your scales print no labels."
            inputMode="numeric"
            maxLength={2}
            autoComplete="off"
            value={value}
            onChange={(e) => {
              setValue(e.currentTarget.value);
              setError(null);
            }}
            error={error}
            disabled={!company || stored.isLoading}
          />
          <Text size="sm" c="dimmed">
            The register reads a label of this prefix as an item and its weight: 2100123007509 is 0.750 kg of the item
            whose barcode is 2100123000005.
          </Text>
          <Group justify="flex-end">
            <Button
              type="submit"
              loading={update.isPending}
              disabled={!company || stored.isLoading || value.trim() === storedValue}
            >
              Update Scale Labels
            </Button>
          </Group>
        </Stack>
      </form>
    </Card>
  );
}
