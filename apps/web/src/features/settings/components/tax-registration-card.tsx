import { Alert, Badge, Button, Card, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { ntnSchema, strnSchema } from '@pos/shared';
import { IconAlertCircle, IconId } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { z } from 'zod';
import { errorMessage } from '../../../lib/api';
import { zodValidate } from '../../../lib/forms';
import { notifySuccess } from '../../../lib/notify';
import { useCurrentSelection } from '../../../lib/selection-context';
import { useSessionUser } from '../../../lib/session-store';
import { useUpdateTaxRegistrationMutation } from '../api/settings.api';

const formSchema = z.object({ taxId: ntnSchema, strn: strnSchema });
type Values = { taxId: string; strn: string };

/**
 * The selected company's NTN and STRN: both optional, printed in every receipt's header
 * when set. Shown to super admins only (the parent decides).
 */
export function TaxRegistrationCard() {
  const { company } = useCurrentSelection();
  const user = useSessionUser();
  const stored = user?.company.find((c) => c.id === company?.id);
  const storedTaxId = stored?.taxId ?? '';
  const storedStrn = stored?.strn ?? '';
  const update = useUpdateTaxRegistrationMutation();
  const [serverError, setServerError] = useState<string | null>(null);
  const form = useForm<Values>({
    mode: 'controlled',
    initialValues: { taxId: storedTaxId, strn: storedStrn },
    validate: zodValidate(formSchema),
  });

  // biome-ignore lint/correctness/useExhaustiveDependencies: reload only when the company or its stored numbers change
  useEffect(() => {
    setServerError(null);
    form.setValues({ taxId: storedTaxId, strn: storedStrn });
    form.resetDirty({ taxId: storedTaxId, strn: storedStrn });
    form.clearErrors();
  }, [company?.id, storedTaxId, storedStrn]);

  const submit = form.onSubmit(async (values) => {
    if (!company) return;
    setServerError(null);
    try {
      await update.mutateAsync({ companyId: company.id, taxId: values.taxId, strn: values.strn });
      notifySuccess('Tax registration updated successfully.');
    } catch (error) {
      setServerError(errorMessage(error, 'Failed to update the tax registration.'));
    }
  });

  return (
    <Card withBorder radius="md" padding="lg">
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <Group justify="space-between">
            <Group gap="xs">
              <IconId size={20} />
              <Title order={2} size="h3">
                Tax Registration
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
          <TextInput
            label="NTN (Tax ID)"
            placeholder="1234567-8"
            description="7 digits and a check digit, or a 13-digit CNIC"
            disabled={!company}
            {...form.getInputProps('taxId')}
          />
          <TextInput
            label="STRN"
            placeholder="32-77-8761-234-56"
            description="Sales tax registration number: 13 digits"
            disabled={!company}
            {...form.getInputProps('strn')}
          />
          <Text size="sm" c="dimmed">
            Every receipt of {company ? <b>{company.name}</b> : 'the company'} prints these under its address and phone.
            Leave a field empty to print none.
          </Text>
          <Group justify="flex-end">
            <Button type="submit" loading={update.isPending} disabled={!company || !form.isDirty()}>
              Update Tax Registration
            </Button>
          </Group>
        </Stack>
      </form>
    </Card>
  );
}
