import { Grid, Textarea } from '@mantine/core';
import { CONTACT_SERVICE_OPTIONS, type ContactInput } from '@pilbara/shared-schema';
import { LazySelectField as SelectField } from '../../components/lazy-select-field';
import { ContactFields } from '../../components/contact-fields';
import { registerField } from '../../components/register-field';
import { PublicFormFrame } from './public-form-frame';
import { usePublicForm } from './use-public-form';
import { SubmitButton } from '../../components/submit-button';

type ContactFormValues = ContactInput;

const loadResolver = () => import('./form-resolvers').then((m) => m.contactResolver());

const EMPTY: ContactFormValues = {
  firstName: '',
  lastName: '',
  phone: '',
  email: '',
  serviceNeeded: '',
  message: '',
};

/** The Contact page's 'Send us a Message' form (spec §2 Contact, §5, §8). */
export function ContactForm() {
  const { form, onSubmit, sending } = usePublicForm('contact', loadResolver, () => EMPTY);

  return (
    <PublicFormFrame kind="contact" label="Send us a Message" onSubmit={onSubmit}>
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
      <Textarea
        label="Message"
        placeholder="Tell us where you are, what vehicle you have and what you need."
        withAsterisk
        autosize
        minRows={4}
        {...registerField(form, 'message')}
      />
      <SubmitButton size="md" loading={false} disabled={sending}>
        {sending ? 'Sending...' : 'Send Message'}
      </SubmitButton>
    </PublicFormFrame>
  );
}
