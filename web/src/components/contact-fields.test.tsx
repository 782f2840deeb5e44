import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { Grid } from '@mantine/core';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { contactInputSchema } from '@pilbara/shared-schema';
import { renderScreen } from '../app/test-providers';
import { fill } from '../lib/testing/user-input';
import { ContactFields } from './contact-fields';

/** The contact details of the contact form, checked by its own schema. */
const schema = contactInputSchema.pick({
  firstName: true,
  lastName: true,
  phone: true,
  email: true,
});
type Values = {
  firstName: string;
  lastName: string;
  phone: string;
  email: string;
};
const EMPTY: Values = { firstName: '', lastName: '', phone: '', email: '' };

function Form({ autofill, onValid }: { autofill?: boolean; onValid: (values: Values) => void }) {
  const form = useForm<Values>({ resolver: zodResolver(schema), defaultValues: EMPTY });
  return (
    <form aria-label="Contact" noValidate onSubmit={form.handleSubmit(onValid)}>
      <Grid>
        <ContactFields
          form={form}
          names={[
            { name: 'firstName', label: 'First Name', part: 'given-name', required: true },
            { name: 'lastName', label: 'Last Name', part: 'family-name' },
          ]}
          phone={{ name: 'phone', label: 'Phone', required: true }}
          email={{ name: 'email', label: 'Email', required: true }}
          autofill={autofill}
        />
      </Grid>
      <button type="submit">Send</button>
    </form>
  );
}

function renderForm(autofill?: boolean) {
  const onValid = vi.fn();
  const rendered = renderScreen(<Form autofill={autofill} onValid={onValid} />);
  const form = screen.getByRole('form', { name: 'Contact' });
  const input = (label: RegExp) => within(form).getByLabelText(label) as HTMLInputElement;
  return { ...rendered, form, input, onValid };
}

const LABELS = {
  firstName: /^First Name/,
  lastName: /^Last Name/,
  phone: /^Phone/,
  email: /^Email/,
};

describe('a person’s contact details in a form', () => {
  it('lets the browser fill in the visitor’s own details, and opens the phone keypad', () => {
    const { input } = renderForm();
    expect(input(LABELS.firstName).autocomplete).toBe('given-name');
    expect(input(LABELS.lastName).autocomplete).toBe('family-name');
    expect(input(LABELS.phone)).toMatchObject({
      type: 'tel',
      inputMode: 'tel',
      autocomplete: 'tel',
    });
    expect(input(LABELS.email)).toMatchObject({ type: 'email', autocomplete: 'email' });
  });

  it('fills in nothing of the staff member’s own where they type a customer’s', () => {
    const { input } = renderForm(false);
    for (const label of Object.values(LABELS)) expect(input(label).autocomplete).toBe('');
    expect(input(LABELS.phone).type).toBe('tel');
  });

  it('marks what is required', () => {
    const { form } = renderForm();
    const starred = within(form)
      .getAllByText('*')
      .map((star) => star.closest('label')?.textContent?.replace(/\s*\*$/, ''));
    expect(starred).toEqual(['First Name', 'Phone', 'Email']);
  });

  it('names each missing field under it with the schema’s message, and sends nothing', async () => {
    const { user, form, onValid } = renderForm();
    await user.click(within(form).getByRole('button', { name: 'Send' }));
    const issues = schema.safeParse(EMPTY).error!.issues;
    const messages = Object.keys(LABELS).flatMap((field) => {
      const issue = issues.find((candidate) => candidate.path[0] === field);
      return issue ? [issue.message] : [];
    });
    expect(messages.length).toBe(4);
    for (const message of messages) expect(await within(form).findByText(message)).toBeTruthy();
    expect(onValid).not.toHaveBeenCalled();
  });

  it('sends the details as typed once they read as a contact', async () => {
    const { user, form, input, onValid } = renderForm();
    await fill(user, input(LABELS.firstName), 'Dana');
    await fill(user, input(LABELS.lastName), 'Reid');
    await fill(user, input(LABELS.phone), '0412 345 678');
    await fill(user, input(LABELS.email), 'dana@example.com');
    await user.click(within(form).getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(onValid).toHaveBeenCalledTimes(1));
    expect(onValid.mock.calls[0]![0]).toMatchObject({
      firstName: 'Dana',
      email: 'dana@example.com',
    });
  });
});
