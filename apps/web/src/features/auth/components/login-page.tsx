import { Button, Center, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { loginSchema, MSG } from '@pos/shared';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { PasswordField } from '../../../components/password-field';
import { errorMessage, isApiError } from '../../../lib/api';
import { zodValidate } from '../../../lib/forms';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { useSelectionStore } from '../../../lib/selection-store';
import { OFFLINE_SIGN_IN_MAX_HOURS, useSessionStore } from '../../../lib/session-store';
import { useLoginMutation } from '../api/auth.api';
import { postLoginTarget } from '../post-login';

export const OFFLINE_SIGN_IN_TEXT = {
  signedIn: 'Signed in offline: the register sells, and its sales sync when the server is back',
  unknown: `The server cannot be reached. Offline, only staff who signed in on this device in the last ${OFFLINE_SIGN_IN_MAX_HOURS} hours can sign in`,
} as const;

export function LoginPage() {
  const navigate = useNavigate();
  const login = useLoginMutation();
  const clearSelection = useSelectionStore((s) => s.clearSelection);
  const form = useForm({
    mode: 'controlled',
    initialValues: { username: '', password: '' },
    validate: zodValidate(loginSchema),
  });

  const setOfflineSession = useSessionStore((s) => s.setOfflineSession);
  const [offlinePending, setOfflinePending] = useState(false);

  /** The server is out of reach: a user who signed in on this device lately may open the register. */
  async function signInWithoutServer(username: string, password: string) {
    setOfflinePending(true);
    try {
      const { signInOffline } = await import('../../../lib/offline-sign-in');
      const answer = await signInOffline(username, password);
      if ('refused' in answer) {
        notifyError(answer.refused === 'wrong-password' ? MSG.invalidCredentials : OFFLINE_SIGN_IN_TEXT.unknown);
        return;
      }
      clearSelection();
      setOfflineSession(answer.user);
      notifySuccess(OFFLINE_SIGN_IN_TEXT.signedIn);
      navigate('/dashboard/pos', { replace: true });
    } catch {
      notifyError(OFFLINE_SIGN_IN_TEXT.unknown);
    } finally {
      setOfflinePending(false);
    }
  }

  const submit = form.onSubmit(async (values) => {
    const username = values.username.trim();
    try {
      const { user } = await login.mutateAsync({ username, password: values.password });
      clearSelection();
      notifySuccess('Login successful!');
      // For the next time the server is out of reach (loaded on demand; never holds up the sign-in).
      void import('../../../lib/offline-sign-in')
        .then((m) => m.rememberSignIn(username, values.password, user))
        .catch(() => {});
      const target = postLoginTarget(user);
      navigate(target.to, { replace: true, state: target.state });
    } catch (error) {
      if (isApiError(error) && error.status === 0) return signInWithoutServer(username, values.password);
      notifyError(errorMessage(error, MSG.invalidCredentials));
    }
  });

  return (
    <Center component="main" mih="100vh" p="md" bg="gray.0">
      <Paper
        component="form"
        onSubmit={submit}
        noValidate
        withBorder
        shadow="md"
        radius="md"
        p="xl"
        w="100%"
        miw={{ base: 280, sm: 350 }}
        maw={400}
      >
        <Stack gap="md">
          <Stack gap={4} align="center">
            <Title order={1} size="h2">
              POS System
            </Title>
            <Text c="dimmed" size="sm">
              Sign in to your account
            </Text>
          </Stack>
          <TextInput
            label="Username"
            placeholder="Your username"
            autoComplete="username"
            // The sign-in page exists to type the username: it has the focus on arrival.
            autoFocus
            {...form.getInputProps('username')}
          />
          <PasswordField
            label="Password"
            placeholder="Your password"
            autoComplete="current-password"
            {...form.getInputProps('password')}
          />
          <Button type="submit" fullWidth loading={login.isPending || offlinePending}>
            Sign in
          </Button>
        </Stack>
      </Paper>
    </Center>
  );
}
