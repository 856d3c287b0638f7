import { Alert, Button, Group, NumberInput, Select, SimpleGrid, Stack, Switch, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { FISCAL_MSG, type FiscalEnvironment, type FiscalProvider, type FiscalSettings } from '@pos/shared';
import { IconAlertCircle } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { PasswordField } from '../../../components/password-field';
import { errorMessage, isApiError } from '../../../lib/api';
import { zodValidate } from '../../../lib/forms';
import { notifySuccess } from '../../../lib/notify';
import { useUpdateFiscalSettingsMutation } from '../api/fiscal.api';
import {
  ENVIRONMENT_OPTIONS,
  FISCAL_FIELDS,
  type FiscalValues,
  fiscalFormSchema,
  fiscalPayloadOf,
  fiscalValuesOf,
  PROVIDER_OPTIONS,
} from '../utils/fiscal-form';

/** The branch's own settings: the provider, FBR's endpoint, the back office's POS registration, the defaults. */
export function FiscalSettingsForm({ settings }: { settings: FiscalSettings }) {
  const save = useUpdateFiscalSettingsMutation();
  const [serverError, setServerError] = useState<string | null>(null);
  const form = useForm<FiscalValues>({
    mode: 'controlled',
    initialValues: fiscalValuesOf(settings),
    validate: zodValidate(fiscalFormSchema),
  });

  const reset = (stored: FiscalSettings) => {
    const values = fiscalValuesOf(stored);
    form.setValues(values);
    form.resetDirty(values);
    form.clearErrors();
  };
  // The branch's own fields, not its registers: a register saved below leaves what is typed here as it is.
  const storedKey = JSON.stringify({ ...settings, registers: undefined });
  // biome-ignore lint/correctness/useExhaustiveDependencies: refill only when the branch or its stored settings change
  useEffect(() => {
    setServerError(null);
    reset(settings);
  }, [storedKey]);

  const submit = form.onSubmit(async (values) => {
    setServerError(null);
    try {
      const answer = await save.mutateAsync(fiscalPayloadOf(values));
      reset(answer.data);
      notifySuccess(`${answer.message ?? FISCAL_MSG.saved}.`);
    } catch (error) {
      const fields = isApiError(error) ? (error.errors ?? {}) : {};
      form.setErrors(fields);
      // An error no field shows (the branch, a refusal) is shown above the fields.
      if (!FISCAL_FIELDS.some((field) => fields[field])) {
        setServerError(errorMessage(error, 'Failed to save the fiscal settings.'));
      }
    }
  });

  const isSimulator = form.values.environment === 'simulator';
  return (
    <form onSubmit={submit} noValidate aria-label="Fiscal settings">
      <Stack gap="md">
        {serverError ? (
          <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} role="alert">
            {serverError}
          </Alert>
        ) : null}
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <Select
            label="Reporting to"
            data={PROVIDER_OPTIONS}
            allowDeselect={false}
            {...form.getInputProps('provider')}
            onChange={(value) => value && form.setFieldValue('provider', value as FiscalProvider)}
          />
          <Select
            label="Environment"
            data={ENVIRONMENT_OPTIONS}
            allowDeselect={false}
            {...form.getInputProps('environment')}
            onChange={(value) => value && form.setFieldValue('environment', value as FiscalEnvironment)}
          />
        </SimpleGrid>
        {isSimulator ? (
          <TextInput
            label="Simulator URL"
            placeholder="http://127.0.0.1:4599"
            description="Where the FBR simulator listens (npm run fbr-sim)"
            autoComplete="off"
            {...form.getInputProps('baseUrl')}
          />
        ) : null}
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <NumberInput
            label="Back office POS ID"
            description="For sales made without a register"
            allowDecimal={false}
            allowNegative={false}
            hideControls
            {...form.getInputProps('posId')}
          />
          <PasswordField
            label="Back office token"
            description={settings.hasToken ? 'Token stored. Leave empty to keep it.' : "FBR's token for this POS ID"}
            autoComplete="new-password"
            {...form.getInputProps('token')}
          />
        </SimpleGrid>
        <TextInput
          label="PCT code default"
          placeholder="0401.1000"
          description="For items whose tax class names no PCT code"
          autoComplete="off"
          {...form.getInputProps('defaultPctCode')}
        />
        <Switch
          label="Add FBR's PKR 1 POS service fee to every receipt"
          {...form.getInputProps('serviceFee', { type: 'checkbox' })}
        />
        <Group justify="flex-end">
          <Button type="submit" loading={save.isPending}>
            Save Fiscal Settings
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
