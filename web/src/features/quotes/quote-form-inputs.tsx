/** Number inputs of the quote form, which keeps '' in a number field while its input is empty. */
import { Controller, type Control, type FieldPathByValue } from 'react-hook-form';
import { NumberInput, type NumberInputProps } from '@mantine/core';
import type { QuoteFormValues } from './quote-form-model';

export function numberValue(value: number | string): number | '' {
  if (typeof value === 'number') return value;
  const parsed = Number.parseFloat(value);
  return Number.isFinite(parsed) ? parsed : '';
}

export function NumberField({
  control,
  name,
  ...input
}: Omit<NumberInputProps, 'value' | 'onChange' | 'onBlur' | 'error'> & {
  control: Control<QuoteFormValues>;
  name: FieldPathByValue<QuoteFormValues, number | ''>;
}) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <NumberInput
          {...input}
          value={field.value}
          onChange={(value) => field.onChange(numberValue(value))}
          onBlur={field.onBlur}
          error={fieldState.error?.message}
        />
      )}
    />
  );
}
