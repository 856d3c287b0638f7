import { Alert, Badge, Button, Card, Group, NumberInput, Stack, Text, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { taxRateSchema } from '@pos/shared';
import { IconAlertCircle, IconReceiptTax } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { z } from 'zod';
import { errorMessage } from '../../../lib/api';
import { useTaxQuery, useUpdateTaxMutation } from '../../../lib/api/tax.api';
import { zodValidate } from '../../../lib/forms';
import { notifySuccess } from '../../../lib/notify';
import { useCurrentSelection } from '../../../lib/selection-context';

const taxFormSchema = z.object({ taxRate: taxRateSchema });

/** The tax rate of the selected branch; shown to super admins only (the parent decides). */
export function TaxSettingsCard() {
  const { branch } = useCurrentSelection();
  const branchId = branch?.id ?? null;
  const taxQuery = useTaxQuery({ branchId, enabled: true });
  const updateTax = useUpdateTaxMutation();
  const [serverError, setServerError] = useState<string | null>(null);
  const form = useForm<{ taxRate: number | string }>({
    mode: 'controlled',
    initialValues: { taxRate: '' },
    validate: zodValidate(taxFormSchema),
  });

  const loadedRate = taxQuery.data?.taxRate;
  // biome-ignore lint/correctness/useExhaustiveDependencies: reload only when the branch or its stored rate changes
  useEffect(() => {
    setServerError(null);
    form.clearErrors();
    // A missing tax setting is silently ignored: the field stays as it is.
    if (typeof loadedRate === 'number') form.setValues({ taxRate: loadedRate });
  }, [branchId, loadedRate]);

  const submit = form.onSubmit(async (values) => {
    if (!branchId) return;
    setServerError(null);
    try {
      await updateTax.mutateAsync({ branchId, taxRate: Number(values.taxRate) });
      notifySuccess('Tax rate updated successfully.');
    } catch (error) {
      const message = errorMessage(error, 'Failed to update tax rate.');
      setServerError(message);
      form.setFieldError('taxRate', message);
    }
  });

  return (
    <Card withBorder radius="md" padding="lg">
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <Group justify="space-between">
            <Group gap="xs">
              <IconReceiptTax size={20} />
              <Title order={2} size="h3">
                Tax Settings
              </Title>
            </Group>
            <Badge color="red" variant="light">
              Super Admin Only
            </Badge>
          </Group>
          {serverError ? (
            <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} role="alert">
              {serverError}
            </Alert>
          ) : null}
          <NumberInput
            label="Tax Rate (%)"
            placeholder="e.g. 5"
            decimalScale={2}
            step={0.5}
            clampBehavior="none"
            disabled={!branchId}
            {...form.getInputProps('taxRate')}
          />
          <Text size="sm" c="dimmed">
            This tax rate applies only to the currently selected branch
            {branch ? (
              <>
                {' '}
                (<b>{branch.name}</b>)
              </>
            ) : null}
            .
          </Text>
          <Group justify="flex-end">
            <Button type="submit" loading={updateTax.isPending} disabled={!branchId}>
              Update Tax Rate
            </Button>
          </Group>
        </Stack>
      </form>
    </Card>
  );
}
