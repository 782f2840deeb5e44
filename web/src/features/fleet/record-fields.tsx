/**
 * The inputs the vehicle record dialogs (fuel, service, trip, expense) share: the vehicle they
 * are for, kilometres and dollar amounts (typed with the phone's number keyboard), the driver,
 * notes and whether it is paid. Amounts are entered in dollars and litres and stored in cents
 * and thousandths by the actions.
 */
import {
  Controller,
  type Control,
  type FieldPathByValue,
  type FieldValues,
  type Path,
  type UseFormReturn,
} from 'react-hook-form';
import { Checkbox, Select, Textarea, TextInput } from '@mantine/core';
import type { Vehicle } from '@pilbara/shared-schema';
import { registerField, SelectField } from '../../components/form-fields';
import { NUMBER_FIELD } from './fleet-forms';

type RecordForm<T extends FieldValues, C, D> = Pick<
  UseFormReturn<T, C, D>,
  'register' | 'formState'
>;

export interface RecordDialogProps {
  vehicle: Vehicle;
  vehicles: readonly Vehicle[];
  onClose: () => void;
}

function vehicleOptions(vehicles: readonly Vehicle[]) {
  return vehicles.map((v) => ({
    value: String(v.id),
    label: `${v.name || `${v.make} ${v.model}`} (${v.registration})`,
  }));
}

/** The vehicle select every record form starts with ('Vehicle is required'). */
export function VehicleSelect<T extends FieldValues, D>({
  control,
  vehicles,
}: {
  control: Control<T, unknown, D>;
  vehicles: readonly Vehicle[];
}) {
  return (
    <Controller
      control={control}
      name={'vehicleId' as Path<T>}
      render={({ field, fieldState }) => (
        <Select
          label="Vehicle"
          withAsterisk
          data={vehicleOptions(vehicles)}
          value={field.value ? String(field.value) : null}
          onChange={(value) => field.onChange(value ? Number(value) : undefined)}
          error={fieldState.error?.message}
          allowDeselect={false}
        />
      )}
    />
  );
}

interface InputProps<T extends FieldValues, C, D> {
  form: RecordForm<T, C, D>;
  name: Path<T>;
  label: string;
}

/** Whole kilometres (an odometer reading): required, numeric keyboard, read as a number. */
export function KilometresInput<T extends FieldValues, C, D>({
  form,
  name,
  label,
}: InputProps<T, C, D>) {
  return (
    <TextInput
      label={label}
      withAsterisk
      inputMode="numeric"
      {...registerField(form, name, NUMBER_FIELD)}
    />
  );
}

/** A required decimal (dollars or litres), typed on the decimal keyboard. */
export function DecimalInput<T extends FieldValues, C, D>({
  form,
  name,
  label,
}: InputProps<T, C, D>) {
  return (
    <TextInput label={label} withAsterisk inputMode="decimal" {...registerField(form, name)} />
  );
}

/** Who drove: one of the drivers, or nobody. */
export function DriverSelect<T extends FieldValues, D>({
  control,
  drivers,
}: {
  control: Control<T, unknown, D>;
  drivers: readonly string[];
}) {
  return (
    <SelectField
      control={control}
      name={'driver' as FieldPathByValue<T, string | null | undefined>}
      label="Driver"
      data={[...new Set(drivers)]}
    />
  );
}

export function NotesInput<T extends FieldValues, C, D>({ form }: { form: RecordForm<T, C, D> }) {
  return <Textarea label="Notes" autosize minRows={1} {...form.register('notes' as Path<T>)} />;
}

export function PaidCheckbox<T extends FieldValues, C, D>({ form }: { form: RecordForm<T, C, D> }) {
  return <Checkbox label="Paid" {...form.register('isPaid' as Path<T>)} />;
}
