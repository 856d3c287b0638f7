import { Alert, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { changePasswordFormSchema } from '@pos/shared';
import { IconAlertCircle, IconLock } from '@tabler/icons-react';
import { useState } from 'react';
import { PasswordField } from '../../../components/password-field';
import { errorMessage } from '../../../lib/api';
import { zodValidate } from '../../../lib/forms';
import { notifySuccess } from '../../../lib/notify';
import { useUpdatePasswordMutation } from '../api/settings.api';
import { PasswordStrengthMeter } from './password-strength-meter';

/** Spec 8: a message about the current or old password belongs to that field, anything else to the new one. */
export function passwordErrorField(message: string): 'oldPassword' | 'newPassword' {
  return /current|old/i.test(message) ? 'oldPassword' : 'newPassword';
}

export function ChangePasswordCard() {
  const updatePassword = useUpdatePasswordMutation();
  const [serverError, setServerError] = useState<string | null>(null);
  const form = useForm({
    mode: 'controlled',
    initialValues: { oldPassword: '', newPassword: '', confirmPassword: '' },
    validate: zodValidate(changePasswordFormSchema),
  });

  const submit = form.onSubmit(async ({ oldPassword, newPassword }) => {
    setServerError(null);
    try {
      await updatePassword.mutateAsync({ oldPassword, newPassword });
      notifySuccess('Password changed successfully.');
      form.reset();
    } catch (error) {
      const message = errorMessage(error, 'Failed to change password.');
      setServerError(message);
      form.setFieldError(passwordErrorField(message), message);
    }
  });

  return (
    <Card withBorder radius="md" padding="lg">
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <Group gap="xs">
            <IconLock size={20} />
            <Title order={2} size="h3">
              Change Password
            </Title>
          </Group>
          <Text size="sm" c="dimmed">
            Use at least 8 characters with upper and lower case letters and a number.
          </Text>
          {serverError ? (
            <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} role="alert">
              {serverError}
            </Alert>
          ) : null}
          <PasswordField
            label="Current Password"
            autoComplete="current-password"
            {...form.getInputProps('oldPassword')}
          />
          <Stack gap={6}>
            <PasswordField label="New Password" autoComplete="new-password" {...form.getInputProps('newPassword')} />
            {form.values.newPassword ? <PasswordStrengthMeter password={form.values.newPassword} /> : null}
          </Stack>
          <PasswordField
            label="Confirm New Password"
            autoComplete="new-password"
            {...form.getInputProps('confirmPassword')}
          />
          <Group justify="flex-end">
            <Button type="submit" loading={updatePassword.isPending}>
              Change Password
            </Button>
          </Group>
        </Stack>
      </form>
    </Card>
  );
}
