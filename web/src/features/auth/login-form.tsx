import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Button, PasswordInput, Stack, TextInput } from '@mantine/core';
import { loginInputSchema, type LoginInput } from '@pilbara/shared-schema';
import { useAuth, type AuthUser } from './auth-provider';

/** Login tab. `username` prefills the field after a registration (remount with a new key). */
export function LoginForm({
  username = '',
  onSuccess,
}: {
  username?: string;
  onSuccess: (user: AuthUser) => void;
}) {
  const { login, loading } = useAuth();
  const form = useForm<LoginInput>({
    resolver: zodResolver(loginInputSchema),
    defaultValues: { username, password: '' },
  });
  const { errors } = form.formState;

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      onSuccess(await login(values));
    } catch {
      // login() has already shown the 'Login Failed' toast; the form keeps what was typed.
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate aria-label="Login">
      <Stack gap="md">
        <TextInput
          label="Username"
          autoComplete="username"
          withAsterisk
          {...form.register('username')}
          error={errors.username?.message}
        />
        <PasswordInput
          label="Password"
          autoComplete="current-password"
          withAsterisk
          {...form.register('password')}
          error={errors.password?.message}
        />
        <Button type="submit" size="md" mih={48} loading={loading}>
          Login
        </Button>
      </Stack>
    </form>
  );
}
