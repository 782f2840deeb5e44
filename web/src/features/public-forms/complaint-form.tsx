/**
 * The public complaints form (reg 15: a simple way for anyone to complain): who is complaining
 * and how to reach them, what it is about, and what happened. It goes through the public outbox
 * like the contact form, so a complaint written with no signal is sent when there is some.
 */
import { Grid, TextInput, Textarea } from '@mantine/core';
import { COMPLAINT_PAGE_TEXT, type ComplaintInput } from '@pilbara/shared-schema';
import { registerField } from '../../components/register-field';
import { SubmitButton } from '../../components/submit-button';
import { PublicFormFrame } from './public-form-frame';
import { usePublicForm } from './use-public-form';

const loadResolver = () => import('./form-resolvers').then((m) => m.complaintResolver());

const EMPTY: ComplaintInput = { name: '', phone: '', email: '', reference: '', details: '' };

export function ComplaintForm() {
  const { form, onSubmit, sending } = usePublicForm('complaint', loadResolver, () => EMPTY);
  return (
    <PublicFormFrame kind="complaint" label="Complaint form" onSubmit={onSubmit}>
      <TextInput
        label="Your name"
        withAsterisk
        autoComplete="name"
        {...registerField(form, 'name')}
      />
      <Grid gap="md">
        <Grid.Col span={{ base: 12, sm: 6 }}>
          <TextInput
            label="Phone"
            type="tel"
            autoComplete="tel"
            description="A phone or an email, so we can reply"
            {...registerField(form, 'phone')}
          />
        </Grid.Col>
        <Grid.Col span={{ base: 12, sm: 6 }}>
          <TextInput
            label="Email"
            type="email"
            autoComplete="email"
            {...registerField(form, 'email')}
          />
        </Grid.Col>
      </Grid>
      <TextInput
        label="Job number or vehicle"
        description="The job number on your paperwork, or the vehicle's registration"
        {...registerField(form, 'reference')}
      />
      <Textarea
        label="What happened"
        withAsterisk
        autosize
        minRows={5}
        {...registerField(form, 'details')}
      />
      <SubmitButton size="md" loading={false} disabled={sending}>
        {sending ? 'Sending...' : COMPLAINT_PAGE_TEXT.submit}
      </SubmitButton>
    </PublicFormFrame>
  );
}
