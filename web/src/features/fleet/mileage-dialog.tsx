/** The trip dialog (a mileage record). */
import { SimpleGrid, TextInput } from '@mantine/core';
import { addMileageRecord } from './fleet-actions';
import { mileageFormDefaults, mileageFormSchema } from './fleet-forms';
import { DriverSelect, KilometresInput, NotesInput, type RecordDialogProps } from './record-fields';
import { FLEET_TEXT } from './fleet-text';
import { RecordDialog, useRecordForm } from './form-dialog';

/** Trip: start and end odometer (end not below start), purpose, places, driver. */
export function MileageDialog({
  vehicle,
  onClose,
  drivers,
}: Omit<RecordDialogProps, 'vehicles'> & { drivers: readonly string[] }) {
  const { form, onSubmit } = useRecordForm(
    mileageFormSchema,
    mileageFormDefaults(vehicle.id, vehicle.mileage, drivers[0] ?? ''),
    addMileageRecord,
    onClose,
  );
  return (
    <RecordDialog
      vehicle={vehicle}
      action={FLEET_TEXT.addMileage}
      formLabel="Trip"
      onClose={onClose}
      onSubmit={onSubmit}
      submitting={form.formState.isSubmitting}
    >
      <SimpleGrid cols={2} spacing="sm">
        <KilometresInput form={form} name="startOdometer" label="Start Odometer (km)" />
        <KilometresInput form={form} name="endOdometer" label="End Odometer (km)" />
        <TextInput label="From" {...form.register('startLocation')} />
        <TextInput label="To" {...form.register('endLocation')} />
      </SimpleGrid>
      <TextInput label="Purpose" {...form.register('purpose')} />
      <DriverSelect control={form.control} drivers={drivers} />
      <NotesInput form={form} />
    </RecordDialog>
  );
}
