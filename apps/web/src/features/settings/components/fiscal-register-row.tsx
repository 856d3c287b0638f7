import { Button, NumberInput, Table, Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import { FISCAL_MSG, type FiscalSettings } from '@pos/shared';
import { useEffect } from 'react';
import { PasswordField } from '../../../components/password-field';
import { errorMessage, isApiError } from '../../../lib/api';
import { zodValidate } from '../../../lib/forms';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { useUpdateFiscalRegisterMutation } from '../api/fiscal.api';
import { type RegisterValues, registerFormSchema, registerPayloadOf } from '../utils/fiscal-form';
import classes from './fiscal-registers.module.css';

type Register = FiscalSettings['registers'][number];

/**
 * One register's POS ID and token. A row cannot hold a form, so the form sits around the row's Save button and
 * the inputs name it (`form`): Enter in either field saves the row.
 */
export function FiscalRegisterRow({ branchId, register }: { branchId: string; register: Register }) {
  const { registerId, code, posId, hasToken } = register;
  const save = useUpdateFiscalRegisterMutation();
  const stored = (): RegisterValues => ({ branchId, posId: posId ?? '', token: '' });
  const form = useForm<RegisterValues>({
    mode: 'controlled',
    initialValues: stored(),
    validate: zodValidate(registerFormSchema),
  });

  // biome-ignore lint/correctness/useExhaustiveDependencies: refill only when this register's registration changes
  useEffect(() => {
    form.setValues(stored());
    form.resetDirty(stored());
    form.clearErrors();
  }, [branchId, posId, hasToken]);

  const submit = form.onSubmit(async (values) => {
    try {
      const answer = await save.mutateAsync({ registerId, ...registerPayloadOf(values) });
      form.setFieldValue('token', '');
      notifySuccess(`${answer.message ?? FISCAL_MSG.registerSaved} for ${code}.`);
    } catch (error) {
      const fields = isApiError(error) ? (error.errors ?? {}) : {};
      form.setErrors({ posId: fields.posId, token: fields.token });
      if (!fields.posId && !fields.token) notifyError(errorMessage(error, `Failed to save ${code}'s POS registration`));
    }
  });

  const formId = `fiscal-register-${registerId}`;
  return (
    <Table.Tr>
      <Table.Td>
        <Text fw={600} size="sm">
          {code}
        </Text>
        <Text size="xs" c="dimmed">
          {hasToken ? 'Token stored' : 'Not registered'}
        </Text>
      </Table.Td>
      <Table.Td>
        <NumberInput
          form={formId}
          label="POS ID"
          labelProps={{ className: classes.phoneLabel }}
          aria-label={`POS ID of ${code}`}
          placeholder="POS ID"
          allowDecimal={false}
          allowNegative={false}
          hideControls
          miw={80}
          {...form.getInputProps('posId')}
        />
      </Table.Td>
      <Table.Td>
        <PasswordField
          form={formId}
          label="Token"
          labelProps={{ className: classes.phoneLabel }}
          aria-label={`Token of ${code}`}
          placeholder={hasToken ? 'New token' : 'Token'}
          autoComplete="new-password"
          miw={120}
          {...form.getInputProps('token')}
        />
      </Table.Td>
      <Table.Td ta="right">
        <form id={formId} onSubmit={submit} noValidate>
          <Button type="submit" size="xs" variant="light" loading={save.isPending} aria-label={`Save ${code}`}>
            Save
          </Button>
        </form>
      </Table.Td>
    </Table.Tr>
  );
}
