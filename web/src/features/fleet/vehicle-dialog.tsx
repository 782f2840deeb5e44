/** The Add Vehicle dialog (spec staff §5 vehicle form): the shared schema's messages under each field. */
import { Controller, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Group, Modal, Select, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import {
  FUEL_TYPES,
  VEHICLE_FORM_STATUSES,
  VEHICLE_TYPES,
  defaultVehicleYear,
  formatStatusLabel,
} from '@pilbara/shared-schema';
import { addVehicle } from './fleet-actions';
import {
  numberOrUndefined,
  vehicleFormDefaults,
  vehicleFormSchema,
  type VehicleFormData,
  type VehicleFormInput,
} from './fleet-forms';
import { FLEET_TEXT } from './fleet-text';

const STATUS_OPTIONS = VEHICLE_FORM_STATUSES.map((value) => ({
  value,
  label: formatStatusLabel(value),
}));
const DRIVE_TYPES = ['4WD', 'AWD', '2WD', '6x4', '8x4'];

export function VehicleDialog({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  // Long forms take the whole screen on a phone, so the keyboard does not hide half a dialog.
  const phone = useMediaQuery('(max-width: 36em)') ?? false;
  const defaults = vehicleFormDefaults(defaultVehicleYear(new Date().toISOString()));
  const form = useForm<VehicleFormInput, unknown, VehicleFormData>({
    resolver: zodResolver(vehicleFormSchema),
    defaultValues: defaults,
  });
  const { errors, isSubmitting } = form.formState;
  const close = () => {
    form.reset(defaults);
    onClose();
  };
  const onSubmit = form.handleSubmit(async (values) => {
    if ((await addVehicle(values)) !== null) close();
  });
  const number = { setValueAs: numberOrUndefined };

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
          <TextInput
            label="Vehicle Name"
            withAsterisk
            {...form.register('name')}
            error={errors.name?.message}
          />
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
            <TextInput
              label="Registration"
              withAsterisk
              autoCapitalize="characters"
              {...form.register('registration')}
              error={errors.registration?.message}
            />
            <Controller
              control={form.control}
              name="type"
              render={({ field }) => (
                <Select
                  label="Vehicle Type"
                  withAsterisk
                  data={[...VEHICLE_TYPES]}
                  value={field.value || null}
                  onChange={(value) => field.onChange(value ?? '')}
                  onBlur={field.onBlur}
                  error={errors.type?.message}
                />
              )}
            />
            <TextInput
              label="Make"
              withAsterisk
              {...form.register('make')}
              error={errors.make?.message}
            />
            <TextInput
              label="Model"
              withAsterisk
              {...form.register('model')}
              error={errors.model?.message}
            />
            <TextInput
              label="Year"
              inputMode="numeric"
              {...form.register('year', number)}
              error={errors.year?.message}
            />
            <TextInput label="VIN" {...form.register('vin')} error={errors.vin?.message} />
            <TextInput
              label="Mileage (km)"
              inputMode="numeric"
              {...form.register('mileage', number)}
              error={errors.mileage?.message}
            />
            <TextInput
              label="Service Interval (km)"
              inputMode="numeric"
              {...form.register('serviceInterval', number)}
              error={errors.serviceInterval?.message}
            />
            <Controller
              control={form.control}
              name="fuelType"
              render={({ field }) => (
                <Select
                  label="Fuel Type"
                  data={[...FUEL_TYPES]}
                  value={field.value ?? null}
                  allowDeselect={false}
                  onChange={(value) => field.onChange(value ?? 'Diesel')}
                  error={errors.fuelType?.message}
                />
              )}
            />
            <Controller
              control={form.control}
              name="driveType"
              render={({ field }) => (
                <Select
                  label="Drive Type"
                  data={DRIVE_TYPES}
                  value={field.value ?? null}
                  onChange={(value) => field.onChange(value ?? '')}
                  error={errors.driveType?.message}
                />
              )}
            />
            <Controller
              control={form.control}
              name="status"
              render={({ field }) => (
                <Select
                  label="Status"
                  data={STATUS_OPTIONS}
                  value={field.value ?? null}
                  allowDeselect={false}
                  onChange={(value) => field.onChange(value ?? 'active')}
                  error={errors.status?.message}
                />
              )}
            />
            <TextInput
              label="Last Service Date"
              type="date"
              {...form.register('lastServiceDate')}
              error={errors.lastServiceDate?.message}
            />
            <TextInput
              label="Next Service Date"
              type="date"
              {...form.register('nextService')}
              error={errors.nextService?.message}
            />
            <TextInput
              label="Registration Expiry"
              type="date"
              {...form.register('registrationExpiry')}
              error={errors.registrationExpiry?.message}
            />
            <TextInput
              label="Insurance Expiry"
              type="date"
              {...form.register('insuranceExpiry')}
              error={errors.insuranceExpiry?.message}
            />
          </SimpleGrid>
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={close}>
              {FLEET_TEXT.cancel}
            </Button>
            <Button type="submit" loading={isSubmitting}>
              {FLEET_TEXT.addVehicle}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
