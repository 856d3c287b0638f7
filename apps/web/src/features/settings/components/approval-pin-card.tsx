import { Alert, Badge, Button, Card, Group, PasswordInput, Stack, Text, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { APPROVAL_MSG, setPinSchema } from '@pos/shared';
import { IconAlertCircle, IconKey } from '@tabler/icons-react';
import { useState } from 'react';
import { errorMessage } from '../../../lib/api';
import { zodValidate } from '../../../lib/forms';
import { notifySuccess } from '../../../lib/notify';
import { usePinStatusQuery, useSetPinMutation } from '../api/settings.api';

/**
 * The signed-in Manager's or Super Admin's approval PIN: entered with their username at a register to
 * approve a cashier's request past the branch's limits. Shown to managers and Super Admins only.
 */
export function ApprovalPinCard() {
  const status = usePinStatusQuery(true);
  const save = useSetPinMutation();
  const [serverError, setServerError] = useState<string | null>(null);
  const form = useForm({ mode: 'controlled', initialValues: { pin: '' }, validate: zodValidate(setPinSchema) });

  const submit = form.onSubmit(async (values) => {
    setServerError(null);
    try {
      await save.mutateAsync(values);
      form.reset();
      notifySuccess('Approval PIN saved.');
    } catch (error) {
      setServerError(errorMessage(error, 'Failed to save the PIN.'));
    }
  });

  const isSet = status.data?.isSet === true;
  const isLocked = status.data?.isLocked === true;
  return (
    <Card withBorder radius="md" padding="lg">
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <Group justify="space-between">
            <Group gap="xs">
              <IconKey size={20} aria-hidden />
              <Title order={2} size="h3">
                Approval PIN
              </Title>
            </Group>
            <Badge color={isLocked ? 'red' : isSet ? 'green' : 'gray'} variant="light">
              {status.isPending ? 'Loading…' : isLocked ? 'PIN locked' : isSet ? 'PIN set' : 'No PIN yet'}
            </Badge>
          </Group>
          <Text size="sm" c="dimmed">
            At a register, your username and this PIN approve a cashier's discount, price change or untaxed sale past
            the branch's limits.
          </Text>
          {isLocked ? (
            <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} role="alert">
              {APPROVAL_MSG.pinLocked}
            </Alert>
          ) : null}
          {serverError ? (
            <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} role="alert">
              {serverError}
            </Alert>
          ) : null}
          <PasswordInput
            label={isSet ? 'New PIN (4-8 digits)' : 'PIN (4-8 digits)'}
            inputMode="numeric"
            autoComplete="new-password"
            maxLength={8}
            {...form.getInputProps('pin')}
          />
          <Group justify="flex-end">
            <Button type="submit" loading={save.isPending}>
              {isSet ? 'Change PIN' : 'Set PIN'}
            </Button>
          </Group>
        </Stack>
      </form>
    </Card>
  );
}
