import { Button, Center, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { loginSchema, MSG } from '@pos/shared';
import { useNavigate } from 'react-router';
import { PasswordField } from '../../../components/password-field';
import { errorMessage } from '../../../lib/api';
import { zodValidate } from '../../../lib/forms';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { useSelectionStore } from '../../../lib/selection-store';
import { useLoginMutation } from '../api/auth.api';
import { postLoginTarget } from '../post-login';

export function LoginPage() {
  const navigate = useNavigate();
  const login = useLoginMutation();
  const clearSelection = useSelectionStore((s) => s.clearSelection);
  const form = useForm({
    mode: 'controlled',
    initialValues: { username: '', password: '' },
    validate: zodValidate(loginSchema),
  });

  const submit = form.onSubmit(async (values) => {
    try {
      const { user } = await login.mutateAsync({ username: values.username.trim(), password: values.password });
      clearSelection();
      notifySuccess('Login successful!');
      const target = postLoginTarget(user);
      navigate(target.to, { replace: true, state: target.state });
    } catch (error) {
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
          <Button type="submit" fullWidth loading={login.isPending}>
            Sign in
          </Button>
        </Stack>
      </Paper>
    </Center>
  );
}
