/**
 * Mantine inputs bound to react-hook-form, with the field's validation message shown under the
 * input (Mantine's `error` prop). Public forms use these too, so this module imports nothing but
 * react-hook-form and Mantine: no zod, no schemas, no staff code.
 */
import { Controller, type Control, type FieldPathByValue, type FieldValues } from 'react-hook-form';
import { Select, type SelectProps } from '@mantine/core';

export { registerField } from './register-field';

export type SelectFieldProps<T extends FieldValues, D> = Omit<
  SelectProps,
  'value' | 'onChange' | 'onBlur' | 'name' | 'error' | 'ref'
> & {
  control: Control<T, unknown, D>;
  /** A string field; '' (or null / undefined) is "nothing chosen". */
  name: FieldPathByValue<T, string | null | undefined>;
};

/**
 * A Mantine Select bound to a string field: an empty field shows no choice, clearing the select
 * stores '', and the field's validation message shows under it.
 */
export function SelectField<T extends FieldValues, D = T>({
  control,
  name,
  ...select
}: SelectFieldProps<T, D>) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <Select
          {...select}
          value={(field.value as string | null | undefined) || null}
          onChange={(value) => field.onChange(value ?? '')}
          onBlur={field.onBlur}
          // react-hook-form moves focus here when this is the first invalid field on submit.
          ref={field.ref}
          name={field.name}
          error={fieldState.error?.message}
        />
      )}
    />
  );
}
