import { Alert, Button, Card, Group, NumberInput, Stack, Switch, Text, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import type { RegisterRules, UpdateRegisterRulesInput } from '@pos/shared';
import { updateRegisterRulesSchema } from '@pos/shared';
import { IconAlertCircle, IconShieldCheck } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { z } from 'zod';
import { errorMessage } from '../../../lib/api';
import { useRegisterRulesQuery, useUpdateRegisterRulesMutation } from '../../../lib/api/register-rules.api';
import { zodValidate } from '../../../lib/forms';
import { notifySuccess } from '../../../lib/notify';
import { useCurrentSelection } from '../../../lib/selection-context';

type Values = Omit<
  UpdateRegisterRulesInput,
  'cashDenominations' | 'cashierMaxDiscountPercent' | 'overShortThreshold'
> & {
  cashierMaxDiscountPercent: number | string;
  overShortThreshold: number | string;
  offlineLimitHours: number;
  /** Comma-separated minor units; empty: the currency's usual notes and coins. */
  cashDenominations: string;
};

const SWITCHES: { key: keyof Values; label: string }[] = [
  { key: 'cashierMayChangePrice', label: 'Cashiers may change prices' },
  { key: 'cashierMayRefundWithoutReceipt', label: 'Cashiers may refund without a receipt' },
  { key: 'cashierMayTakeReturns', label: 'Cashiers may take returns at the register' },
  { key: 'cashierMayZeroTax', label: 'Cashiers may sell without tax' },
  { key: 'cashierMayReceiveTransfers', label: 'Cashiers may receive transfers' },
  { key: 'cashierMayCount', label: 'Cashiers may enter stock counts' },
];

const toPayload = (v: Values): UpdateRegisterRulesInput => ({
  ...v,
  cashierMaxDiscountPercent: Number(v.cashierMaxDiscountPercent),
  overShortThreshold: Number(v.overShortThreshold),
  offlineLimitHours: Number(v.offlineLimitHours),
  cashDenominations: v.cashDenominations.trim()
    ? v.cashDenominations.split(',').map((part) => Number(part.trim()))
    : null,
});

const formSchema = z
  .unknown()
  .transform((v) => toPayload(v as Values))
  .pipe(updateRegisterRulesSchema);

const toValues = (r: RegisterRules): Values => ({
  ...r,
  cashDenominations: r.cashDenominations?.join(', ') ?? '',
});

/** The selected branch's register rules (Managers and Super Admins): past them a cashier needs approval. */
export function RegisterRulesCard() {
  const { branch } = useCurrentSelection();
  const branchId = branch?.id ?? null;
  const rules = useRegisterRulesQuery(branchId);
  const save = useUpdateRegisterRulesMutation();
  const [serverError, setServerError] = useState<string | null>(null);
  const form = useForm<Values>({
    mode: 'controlled',
    initialValues: toValues({
      branchId: '',
      cashierMaxDiscountPercent: 10,
      cashierMayChangePrice: false,
      cashierMayRefundWithoutReceipt: false,
      cashierMayZeroTax: false,
      cashierMayReceiveTransfers: false,
      cashierMayCount: false,
      cashierMayTakeReturns: false,
      overShortThreshold: 5,
      cashDenominations: null,
      offlineLimitHours: 72,
    }),
    validate: zodValidate(formSchema),
  });

  // biome-ignore lint/correctness/useExhaustiveDependencies: reload when the branch or its stored rules change
  useEffect(() => {
    setServerError(null);
    if (rules.data) form.setValues(toValues(rules.data));
  }, [rules.data]);

  const submit = form.onSubmit(async (values) => {
    if (!branchId) return;
    setServerError(null);
    try {
      await save.mutateAsync({ branchId, rules: toPayload(values) });
      notifySuccess('Register rules updated successfully.');
    } catch (error) {
      setServerError(errorMessage(error, 'Failed to update the register rules.'));
    }
  });

  return (
    <Card withBorder radius="md" padding="lg">
      <form onSubmit={submit} noValidate aria-label="Register rules">
        <Stack gap="md">
          <Group gap="xs">
            <IconShieldCheck size={20} aria-hidden />
            <Title order={2} size="h3">
              Register Rules
            </Title>
          </Group>
          <Text size="sm" c="dimmed">
            Past these limits a cashier needs a manager's approval (username and PIN) at the register
            {branch ? (
              <>
                {' '}
                for <b>{branch.name}</b>
              </>
            ) : null}
            .
          </Text>
          {serverError || rules.isError ? (
            <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} role="alert">
              {serverError ?? errorMessage(rules.error, 'Failed to load the register rules.')}
            </Alert>
          ) : null}
          <NumberInput
            label="Cashier's maximum discount (%)"
            decimalScale={2}
            min={0}
            max={100}
            clampBehavior="none"
            disabled={!branchId || rules.isPending}
            {...form.getInputProps('cashierMaxDiscountPercent')}
          />
          {SWITCHES.map(({ key, label }) => (
            <Switch key={key} label={label} {...form.getInputProps(key, { type: 'checkbox' })} />
          ))}
          <NumberInput
            label="Over/short needing approval at close"
            decimalScale={2}
            min={0}
            clampBehavior="none"
            {...form.getInputProps('overShortThreshold')}
          />
          <TextInput
            label="Cash denominations (minor units, comma-separated)"
            description="Empty: the currency's usual notes and coins"
            placeholder="e.g. 500000, 100000, 50000"
            {...form.getInputProps('cashDenominations')}
          />
          <NumberInput
            label="Offline sales older than (hours) are flagged"
            min={1}
            allowDecimal={false}
            clampBehavior="none"
            {...form.getInputProps('offlineLimitHours')}
          />
          <Group justify="flex-end">
            <Button type="submit" loading={save.isPending} disabled={!branchId || rules.isPending}>
              Save Register Rules
            </Button>
          </Group>
        </Stack>
      </form>
    </Card>
  );
}
