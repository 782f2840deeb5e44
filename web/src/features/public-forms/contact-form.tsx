import { Grid, TextInput, Textarea } from '@mantine/core';
import { CONTACT_SERVICE_OPTIONS, type ContactFormInput } from '@pilbara/shared-schema';
import { LazySelectField as SelectField } from '../../components/lazy-select-field';
import { ContactFields } from '../../components/contact-fields';
import { registerField } from '../../components/register-field';
import { PublicFormFrame } from './public-form-frame';
import { usePublicForm } from './use-public-form';
import { SubmitButton } from '../../components/submit-button';

type ContactFormValues = ContactFormInput;

const loadResolver = () => import('./form-resolvers').then((m) => m.contactResolver());

const EMPTY: ContactFormValues = {
  firstName: '',
  lastName: '',
  phone: '',
  email: '',
  serviceNeeded: '',
  message: '',
};

const QUOTE_EMPTY: ContactFormValues = {
  ...EMPTY,
  kind: 'quote',
  vehicle: '',
  fromLocation: '',
  toLocation: '',
};

/**
 * The Contact page's 'Send us a Message' form (docs/features.md), and the same form as a
 * quote request (`kind="quote"`), which adds the vehicle and where from and to: staff turn it
 * into a draft quote from the admin panel. Both also work as plain HTML forms, answered by the
 * server (docs/no-script-forms.md): the quote request is in the HTML of `/contact?kind=quote`.
 */
export function ContactForm({ kind = 'message' }: { kind?: 'message' | 'quote' }) {
  const quote = kind === 'quote';
  const { form, onSubmit, sending, formKey } = usePublicForm('contact', loadResolver, () =>
    quote ? QUOTE_EMPTY : EMPTY,
  );

  return (
    <PublicFormFrame
      kind="contact"
      label={quote ? 'Request a Quote' : 'Send us a Message'}
      onSubmit={onSubmit}
      formKey={formKey}
    >
      <Grid gap="md">
        <ContactFields
          form={form}
          names={[
            { name: 'firstName', label: 'First Name', part: 'given-name', required: true },
            { name: 'lastName', label: 'Last Name', part: 'family-name', required: true },
          ]}
          phone={{ name: 'phone', label: 'Phone', required: true }}
          email={{ name: 'email', label: 'Email', required: true }}
        />
      </Grid>
      <SelectField
        control={form.control}
        name="serviceNeeded"
        label="Service Needed"
        placeholder="Select a service"
        withAsterisk
        data={[...CONTACT_SERVICE_OPTIONS]}
        allowDeselect={false}
      />
      {/* What tells the server a post without script is a quote request. */}
      {quote && <input type="hidden" name="kind" value="quote" />}
      {quote && (
        <Grid gap="md">
          <Grid.Col span={12}>
            <TextInput
              label="Vehicle"
              placeholder="Make, model, and 4x4 or 2WD"
              {...registerField(form, 'vehicle')}
            />
          </Grid.Col>
          <Grid.Col span={{ base: 12, sm: 6 }}>
            <TextInput
              label="From"
              placeholder="Where the vehicle is"
              {...registerField(form, 'fromLocation')}
            />
          </Grid.Col>
          <Grid.Col span={{ base: 12, sm: 6 }}>
            <TextInput
              label="To"
              placeholder="Where it goes"
              {...registerField(form, 'toLocation')}
            />
          </Grid.Col>
        </Grid>
      )}
      <Textarea
        label={quote ? 'What you need' : 'Message'}
        placeholder="Tell us where you are, what vehicle you have and what you need."
        withAsterisk
        autosize
        minRows={4}
        {...registerField(form, 'message')}
      />
      <SubmitButton native size="md" loading={false} disabled={sending}>
        {sending ? 'Sending...' : quote ? 'Request Quote' : 'Send Message'}
      </SubmitButton>
    </PublicFormFrame>
  );
}
