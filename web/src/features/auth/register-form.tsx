import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Grid, PasswordInput, Stack, TextInput } from '@mantine/core';
import { registerInputSchema, type RegisterData, type RegisterInput } from '@pilbara/shared-schema';
import { registerField } from '../../components/register-field';
import { useAuth } from '../../components/auth-provider';
import { SubmitButton } from '../../components/submit-button';

const EMPTY: RegisterInput = {
  firstName: '',
  lastName: '',
  username: '',
  email: '',
  phone: '',
  password: '',
};

/** Register tab. There is no role field: every registration is a customer (DESIGN §7). */
export function RegisterForm({ onRegistered }: { onRegistered: (username: string) => void }) {
  const { register: registerUser, loading } = useAuth();
  const form = useForm<RegisterInput, unknown, RegisterData>({
    resolver: zodResolver(registerInputSchema),
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
    <form method="post" onSubmit={onSubmit} noValidate aria-label="Register">
      <Stack gap="md">
        <Grid gap="md">
          <Grid.Col span={{ base: 12, xs: 6 }}>
            <TextInput
              label="First Name"
              autoComplete="given-name"
              withAsterisk
              {...registerField(form, 'firstName')}
            />
          </Grid.Col>
          <Grid.Col span={{ base: 12, xs: 6 }}>
            <TextInput
              label="Last Name"
              autoComplete="family-name"
              {...registerField(form, 'lastName')}
            />
          </Grid.Col>
        </Grid>
        <TextInput
          label="Username"
          autoComplete="username"
          withAsterisk
          {...registerField(form, 'username')}
        />
        <TextInput
          label="Email"
          type="email"
          autoComplete="email"
          withAsterisk
          {...registerField(form, 'email')}
        />
        <TextInput
          label="Phone (optional)"
          type="tel"
          autoComplete="tel"
          {...registerField(form, 'phone')}
        />
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
