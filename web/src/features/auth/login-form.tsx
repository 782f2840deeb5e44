import { useEffect, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { loginInputSchema, type LoginInput } from '@pilbara/shared-schema';
import { registerField } from '../../components/register-field';
import { SignInFailedUnshown, useAuth, type AuthUser } from '../../lib/auth';
import { SubmitButton } from '../../components/submit-button';

// The server's own schema, so the form and the server never disagree on a sign-in.
const resolver = zodResolver(loginInputSchema);

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
    resolver,
    defaultValues: { username, password: '' },
  });

  // Said here only when login() could not show its 'Login Failed' toast.
  const [unshown, setUnshown] = useState<string | null>(null);
  // The form works before its script (a plain post), so a person on a slow link may be typing
  // in it before the script runs, and its focus event has then passed unseen: they have begun.
  const formRef = useRef<HTMLFormElement>(null);
  const begin = useRef(onBegin);
  useEffect(() => {
    if (formRef.current?.contains(document.activeElement)) begin.current?.();
  }, []);
  const onSubmit = form.handleSubmit(async (values) => {
    setUnshown(null);
    try {
      onSuccess(await login(values));
    } catch (error) {
      // login() has shown the 'Login Failed' toast, or says why it could not; the form keeps what
      // was typed.
      if (error instanceof SignInFailedUnshown) setUnshown(error.message);
    }
  });

  return (
    <form
      ref={formRef}
      method="post"
      onSubmit={onSubmit}
      onFocus={onBegin}
      noValidate
      aria-label="Login"
    >
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
        <SubmitButton native size="md" mih={48} loading={loading}>
          Login
        </SubmitButton>
        {unshown && (
          <Text size="sm" c="red.8" role="alert" data-testid="login-failed-inline">
            {unshown}
          </Text>
        )}
      </Stack>
    </form>
  );
}
