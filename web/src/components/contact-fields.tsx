/**
 * A person's name, phone and email, as the booking, contact, register and create-job forms take
 * them: each input's type, keyboard and autofill are set here once, while every form keeps its
 * own spec labels, field names and which fields are required.
 */
import { Grid, TextInput } from '@mantine/core';
import type { FieldValues, Path, UseFormReturn } from 'react-hook-form';
import { registerField } from './register-field';

type ContactForm<T extends FieldValues, C, D> = Pick<
  UseFormReturn<T, C, D>,
  'register' | 'formState'
>;

/** One contact input of a form: its field name, its spec label and whether it is required. */
interface ContactField<T extends FieldValues> {
  name: Path<T>;
  label: string;
  required?: boolean;
}

/** A name input: the whole name, or the given or family name (what the browser fills in). */
export interface NameField<T extends FieldValues> extends ContactField<T> {
  part: 'name' | 'given-name' | 'family-name';
}

interface FieldProps<T extends FieldValues, C, D, F extends ContactField<T> = ContactField<T>> {
  form: ContactForm<T, C, D>;
  field: F;
  /**
   * Whether the browser may fill the input with the user's own details: not where staff type a
   * customer's (the create-job form).
   */
  autofill?: boolean;
}

export function NameInput<T extends FieldValues, C, D>({
  form,
  field,
  autofill = true,
}: FieldProps<T, C, D, NameField<T>>) {
  return (
    <TextInput
      label={field.label}
      autoComplete={autofill ? field.part : undefined}
      withAsterisk={field.required}
      {...registerField(form, field.name)}
    />
  );
}

/** A text input of a kind the browser knows: its type, keyboard and what it may fill in. */
function KindInput<T extends FieldValues, C, D>({
  form,
  field,
  autofill = true,
  kind,
}: FieldProps<T, C, D> & { kind: 'tel' | 'email' }) {
  return (
    <TextInput
      label={field.label}
      type={kind}
      inputMode={kind === 'tel' ? 'tel' : undefined}
      autoComplete={autofill ? kind : undefined}
      withAsterisk={field.required}
      {...registerField(form, field.name)}
    />
  );
}

export function PhoneInput<T extends FieldValues, C, D>(props: FieldProps<T, C, D>) {
  return <KindInput {...props} kind="tel" />;
}

export function EmailInput<T extends FieldValues, C, D>(props: FieldProps<T, C, D>) {
  return <KindInput {...props} kind="email" />;
}

interface ContactFieldsProps<T extends FieldValues, C, D> {
  form: ContactForm<T, C, D>;
  /** One field for the whole name, or the given and family names. */
  names: readonly NameField<T>[];
  phone: ContactField<T>;
  email: ContactField<T>;
  /** Email on a row of its own (the booking form), else beside the phone. */
  emailRow?: boolean;
  autofill?: boolean;
}

/**
 * The contact inputs as columns of the form's grid, half a row each from the small breakpoint
 * up; the form places them inside its own `<Grid>` so later fields can share its rows.
 */
export function ContactFields<T extends FieldValues, C, D>({
  form,
  names,
  phone,
  email,
  emailRow = false,
  autofill = true,
}: ContactFieldsProps<T, C, D>) {
  const half = { base: 12, sm: 6 };
  return (
    <>
      {names.map((name) => (
        <Grid.Col key={name.name} span={half}>
          <NameInput form={form} field={name} autofill={autofill} />
        </Grid.Col>
      ))}
      <Grid.Col span={half}>
        <PhoneInput form={form} field={phone} autofill={autofill} />
      </Grid.Col>
      <Grid.Col span={emailRow ? 12 : half}>
        <EmailInput form={form} field={email} autofill={autofill} />
      </Grid.Col>
    </>
  );
}
