/** The service record dialog of a vehicle: what was done, by whom, the cost, the next date. */
import { Controller } from 'react-hook-form';
import { Checkbox, SimpleGrid, Stack, Textarea, TextInput } from '@mantine/core';
import {
  PRESTART_TEXT,
  SERVICE_RECORD_TYPES,
  todayInPerth,
  type VehicleDefect,
} from '@pilbara/shared-schema';
import { registerField, SelectField } from '../../components/form-fields';
import { addServiceRecord } from './fleet-actions';
import { serviceFormDefaults, serviceFormSchema } from './fleet-forms';
import {
  DecimalInput,
  KilometresInput,
  NotesInput,
  PaidCheckbox,
  VehicleSelect,
  type RecordDialogProps,
} from './record-fields';
import { FLEET_TEXT } from './fleet-text';
import { RecordDialog, useRecordForm } from './form-dialog';

/**
 * Service: type, description, odometer, total in dollars, who serviced it, invoice; and, when the
 * vehicle has open defects, which of them this service fixed (closed in the same step).
 */
export function ServiceDialog({
  vehicle,
  vehicles,
  onClose,
  openDefects = [],
  resolving = [],
}: RecordDialogProps & {
  /** The vehicle's open defects, offered as "Resolves these defects" (an admin's screen only). */
  openDefects?: readonly VehicleDefect[];
  /** Defects ticked from the start (the service was opened from a defect's Resolve). */
  resolving?: readonly number[];
}) {
  const { form, onSubmit } = useRecordForm(
    serviceFormSchema,
    {
      ...serviceFormDefaults(vehicle.id, vehicle.mileage, todayInPerth()),
      resolvesDefects: [...resolving],
    },
    addServiceRecord,
    onClose,
  );
  const chosenVehicle = form.watch('vehicleId');
  const fixable = openDefects.filter((defect) => defect.vehicleId === chosenVehicle);
  return (
    <RecordDialog
      vehicle={vehicle}
      action={FLEET_TEXT.addService}
      formLabel="Service record"
      onClose={onClose}
      onSubmit={onSubmit}
      submitting={form.formState.isSubmitting}
    >
      <VehicleSelect control={form.control} vehicles={vehicles} />
      <SelectField
        control={form.control}
        name="serviceType"
        label="Service Type"
        withAsterisk
        data={[...SERVICE_RECORD_TYPES]}
      />
      <Textarea
        label="Description"
        withAsterisk
        autosize
        minRows={2}
        {...registerField(form, 'description')}
      />
      <SimpleGrid cols={2} spacing="sm">
        <KilometresInput form={form} name="mileageAtService" label="Odometer (km)" />
        <DecimalInput form={form} name="totalCost" label="Total Cost ($)" />
        <TextInput label="Serviced By" withAsterisk {...registerField(form, 'servicedBy')} />
        <TextInput label="Invoice Number" {...registerField(form, 'invoiceNumber')} />
        <TextInput
          label="Invoice Date"
          withAsterisk
          type="date"
          {...registerField(form, 'invoiceDate')}
        />
        <TextInput
          label="Next Service Date"
          type="date"
          {...registerField(form, 'nextServiceDue')}
        />
      </SimpleGrid>
      {fixable.length > 0 && (
        <Controller
          control={form.control}
          name="resolvesDefects"
          render={({ field }) => (
            <Checkbox.Group
              label={PRESTART_TEXT.resolvesDefects}
              value={(field.value ?? []).map(String)}
              onChange={(values) => field.onChange(values.map(Number))}
            >
              <Stack gap={6} mt={4}>
                {fixable.map((defect) => (
                  <Checkbox
                    key={defect.id}
                    value={String(defect.id)}
                    label={`${defect.title} (${defect.severity}): ${defect.note}`}
                  />
                ))}
              </Stack>
            </Checkbox.Group>
          )}
        />
      )}
      <PaidCheckbox form={form} />
      <NotesInput form={form} />
    </RecordDialog>
  );
}
