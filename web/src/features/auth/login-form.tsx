import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { PasswordInput, Stack, TextInput } from '@mantine/core';
import { loginInputSchema, type LoginInput } from '@pilbara/shared-schema';
import { registerField } from '../../components/register-field';
import { useAuth, type AuthUser } from '../../lib/auth';
import { SubmitButton } from '../../components/submit-button';

/**
 * Login tab. `username` prefills the field after a registration (remount with a new key).
 * `onBegin` runs when the person starts on the form (anything in it takes focus), long before
 * the sign-in leaves.
 */
export function LoginForm({
  username = '',
  onSuccess,
  onBegin,
}: {
  username?: string;
  onSuccess: (user: AuthUser) => void;
  onBegin?: () => void;
}) {
  const { login, loading } = useAuth();
  const form = useForm<LoginInput>({
    resolver: zodResolver(loginInputSchema),
    defaultValues: { username, password: '' },
  });

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      onSuccess(await login(values));
    } catch {
      // login() has already shown the 'Login Failed' toast; the form keeps what was typed.
    }
  });

  return (
    <form method="post" onSubmit={onSubmit} onFocus={onBegin} noValidate aria-label="Login">
      <Stack gap="md">
        <TextInput
          label="Username"
          autoComplete="username"
          withAsterisk
          {...registerField(form, 'username')}
        />
        <PasswordInput
          label="Password"
          autoComplete="current-password"
          withAsterisk
          {...registerField(form, 'password')}
        />
        <SubmitButton size="md" mih={48} loading={loading}>
          Login
        </SubmitButton>
      </Stack>
    </form>
  );
}
