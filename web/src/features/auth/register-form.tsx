import { useForm } from 'react-hook-form';
import { Grid, PasswordInput, Stack, TextInput } from '@mantine/core';
import type { RegisterData, RegisterInput } from '@pilbara/shared-schema';
import { EmailInput, NameInput, PhoneInput } from '../../components/contact-fields';
import { registerField } from '../../components/register-field';
import { useAuth } from '../../lib/auth';
import { lazyResolver } from '../../lib/lazy-resolver';
import { SubmitButton } from '../../components/submit-button';

const resolver = lazyResolver(() => import('./auth-resolvers').then((m) => m.registerResolver()));

const EMPTY: RegisterInput = {
  firstName: '',
  lastName: '',
  username: '',
  email: '',
  phone: '',
  password: '',
};

/** Register tab. There is no role field: every registration is a customer (docs/security.md). */
export function RegisterForm({ onRegistered }: { onRegistered: (username: string) => void }) {
  const { register: registerUser, loading } = useAuth();
  const form = useForm<RegisterInput, unknown, RegisterData>({
    resolver,
    defaultValues: EMPTY,
  });

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      await registerUser(values);
      form.reset(EMPTY);
      onRegistered(values.username);
    } catch {
      // register() has already shown the 'Registration Failed' toast.
    }
  });

  return (
    <form
      method="post"
      onSubmit={onSubmit}
      onFocus={() => resolver.preload().catch(() => undefined)}
      noValidate
      aria-label="Register"
    >
      <Stack gap="md">
        <Grid gap="md">
          <Grid.Col span={{ base: 12, xs: 6 }}>
            <NameInput
              form={form}
              field={{ name: 'firstName', label: 'First Name', part: 'given-name', required: true }}
            />
          </Grid.Col>
          <Grid.Col span={{ base: 12, xs: 6 }}>
            <NameInput
              form={form}
              field={{ name: 'lastName', label: 'Last Name', part: 'family-name' }}
            />
          </Grid.Col>
        </Grid>
        <TextInput
          label="Username"
          autoComplete="username"
          withAsterisk
          {...registerField(form, 'username')}
        />
        <EmailInput form={form} field={{ name: 'email', label: 'Email', required: true }} />
        <PhoneInput form={form} field={{ name: 'phone', label: 'Phone (optional)' }} />
        <PasswordInput
          label="Password"
          description="At least 8 characters"
          autoComplete="new-password"
          withAsterisk
          {...registerField(form, 'password')}
        />
        <SubmitButton size="md" mih={48} loading={loading}>
          Create Account
        </SubmitButton>
      </Stack>
    </form>
  );
}
