/** The Add Vehicle dialog (spec staff §5 vehicle form): the shared schema's messages under each field. */
import { Controller, useForm, type Path } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Modal, Select, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import {
  FUEL_TYPES,
  VEHICLE_FORM_STATUSES,
  VEHICLE_TYPES,
  defaultVehicleYear,
  formatStatusLabel,
} from '@pilbara/shared-schema';
import { registerField, SelectField } from '../../components/form-fields';
import { addVehicle } from './fleet-actions';
import {
  NUMBER_FIELD,
  vehicleFormDefaults,
  vehicleFormSchema,
  type VehicleFormData,
  type VehicleFormInput,
} from './fleet-forms';
import { FLEET_TEXT } from './fleet-text';
import { DialogActions } from './form-dialog';

const STATUS_OPTIONS = VEHICLE_FORM_STATUSES.map((value) => ({
  value,
  label: formatStatusLabel(value),
}));
const DRIVE_TYPES = ['4WD', 'AWD', '2WD', '6x4', '8x4'];
/** The dates the fleet tracks for a vehicle, in the form's order. */
const DATE_FIELDS: readonly { label: string; name: Path<VehicleFormInput> }[] = [
  { label: 'Last Service Date', name: 'lastServiceDate' },
  { label: 'Next Service Date', name: 'nextService' },
  { label: 'Registration Expiry', name: 'registrationExpiry' },
  { label: 'Insurance Expiry', name: 'insuranceExpiry' },
];

export function VehicleDialog({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  // Long forms take the whole screen on a phone, so the keyboard does not hide half a dialog.
  const phone = useMediaQuery('(max-width: 36em)') ?? false;
  const defaults = vehicleFormDefaults(defaultVehicleYear(new Date().toISOString()));
  const form = useForm<VehicleFormInput, unknown, VehicleFormData>({
    resolver: zodResolver(vehicleFormSchema),
    defaultValues: defaults,
  });
  const { isSubmitting } = form.formState;
  const close = () => {
    form.reset(defaults);
    onClose();
  };
  const onSubmit = form.handleSubmit(async (values) => {
    if ((await addVehicle(values)) !== null) close();
  });

  return (
    <Modal
      opened={opened}
      onClose={close}
      title={FLEET_TEXT.addVehicle}
      size="lg"
      fullScreen={phone}
    >
      <form onSubmit={onSubmit} noValidate aria-label={FLEET_TEXT.addVehicle}>
        <Stack gap="sm">
          <TextInput label="Vehicle Name" withAsterisk {...registerField(form, 'name')} />
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
            <TextInput
              label="Registration"
              withAsterisk
              autoCapitalize="characters"
              {...registerField(form, 'registration')}
            />
            <SelectField
              control={form.control}
              name="type"
              label="Vehicle Type"
              withAsterisk
              data={[...VEHICLE_TYPES]}
            />
            <TextInput label="Make" withAsterisk {...registerField(form, 'make')} />
            <TextInput label="Model" withAsterisk {...registerField(form, 'model')} />
            <TextInput
              label="Year"
              inputMode="numeric"
              {...registerField(form, 'year', NUMBER_FIELD)}
            />
            <TextInput label="VIN" {...registerField(form, 'vin')} />
            <TextInput
              label="Mileage (km)"
              inputMode="numeric"
              {...registerField(form, 'mileage', NUMBER_FIELD)}
            />
            <TextInput
              label="Service Interval (km)"
              inputMode="numeric"
              {...registerField(form, 'serviceInterval', NUMBER_FIELD)}
            />
            <SelectField
              control={form.control}
              name="fuelType"
              label="Fuel Type"
              data={[...FUEL_TYPES]}
              allowDeselect={false}
            />
            <Controller
              control={form.control}
              name="driveType"
              render={({ field, fieldState }) => (
                <Select
                  label="Drive Type"
                  data={DRIVE_TYPES}
                  value={field.value ?? null}
                  onChange={(value) => field.onChange(value ?? '')}
                  error={fieldState.error?.message}
                />
              )}
            />
            <SelectField
              control={form.control}
              name="status"
              label="Status"
              data={STATUS_OPTIONS}
              allowDeselect={false}
            />
            {DATE_FIELDS.map(({ label, name }) => (
              <TextInput key={name} label={label} type="date" {...registerField(form, name)} />
            ))}
          </SimpleGrid>
          <DialogActions onCancel={close} submitting={isSubmitting} label={FLEET_TEXT.addVehicle} />
        </Stack>
      </form>
    </Modal>
  );
}
