/** The fuel record dialog: entered in dollars and litres. */
import { Controller } from 'react-hook-form';
import { SegmentedControl, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { FILL_TYPES, FUEL_TYPES } from '@pilbara/shared-schema';
import { registerField, SelectField } from '../../components/form-fields';
import { addFuelRecord } from './fleet-actions';
import { fuelFormDefaults, fuelFormSchema } from './fleet-forms';
import {
  DecimalInput,
  DriverSelect,
  KilometresInput,
  NotesInput,
  VehicleSelect,
  type RecordDialogProps,
} from './record-fields';
import { FLEET_TEXT } from './fleet-text';
import { RecordDialog, useRecordForm } from './form-dialog';

/** Fuel: litres, cost in dollars, odometer, fuel type, location, full or partial fill, driver. */
export function FuelDialog({
  vehicle,
  vehicles,
  onClose,
  drivers,
}: RecordDialogProps & { drivers: readonly string[] }) {
  const { form, onSubmit } = useRecordForm(
    fuelFormSchema,
    fuelFormDefaults(vehicle.id, vehicle.fuelType || 'Diesel', drivers[0] ?? ''),
    addFuelRecord,
    onClose,
  );
  return (
    <RecordDialog
      vehicle={vehicle}
      action={FLEET_TEXT.addFuel}
      formLabel="Fuel record"
      onClose={onClose}
      onSubmit={onSubmit}
      submitting={form.formState.isSubmitting}
    >
      <VehicleSelect control={form.control} vehicles={vehicles} />
      <SimpleGrid cols={2} spacing="sm">
        <DecimalInput form={form} name="liters" label="Litres" />
        <DecimalInput form={form} name="cost" label="Total Cost ($)" />
        <KilometresInput form={form} name="kilometers" label="Odometer (km)" />
        <SelectField
          control={form.control}
          name="fuelType"
          label="Fuel Type"
          withAsterisk
          data={[...FUEL_TYPES]}
        />
      </SimpleGrid>
      <TextInput label="Location" withAsterisk {...registerField(form, 'location')} />
      <TextInput
        label="Filled At"
        description="Leave empty for now"
        type="datetime-local"
        {...registerField(form, 'filledAt')}
      />
      <Controller
        control={form.control}
        name="fillType"
        render={({ field }) => (
          <Stack gap={4}>
            <Text size="sm" fw={500}>
              Fill
            </Text>
            <SegmentedControl
              data={[...FILL_TYPES]}
              value={field.value ?? 'Full'}
              onChange={field.onChange}
              aria-label="Fill type"
            />
          </Stack>
        )}
      />
      <DriverSelect control={form.control} drivers={drivers} />
      <NotesInput form={form} />
    </RecordDialog>
  );
}
