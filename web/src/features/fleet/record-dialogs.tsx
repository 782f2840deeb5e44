/**
 * The record dialogs of a vehicle: fuel (spec §5 fuel form), service (spec §5 service record
 * form), trip (mileage record) and expense. Entered in dollars and litres, stored in cents and
 * thousandths by the actions.
 */
import { Controller, type Control, type FieldValues, type Path } from 'react-hook-form';
import {
  Checkbox,
  SegmentedControl,
  Select,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import {
  FILL_TYPES,
  FUEL_TYPES,
  PRESTART_TEXT,
  SERVICE_RECORD_TYPES,
  todayInPerth,
  type Vehicle,
  type VehicleDefect,
} from '@pilbara/shared-schema';
import { registerField, SelectField } from '../../components/form-fields';
import { addExpense, addFuelRecord, addMileageRecord, addServiceRecord } from './fleet-actions';
import {
  EXPENSE_TYPES,
  NUMBER_FIELD,
  expenseFormDefaults,
  expenseFormSchema,
  fuelFormDefaults,
  fuelFormSchema,
  mileageFormDefaults,
  mileageFormSchema,
  serviceFormDefaults,
  serviceFormSchema,
} from './fleet-forms';
import { FLEET_TEXT } from './fleet-text';
import { RecordDialog, useRecordForm } from './form-dialog';

interface DialogProps {
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
function VehicleSelect<T extends FieldValues, D>({
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

/** Fuel: litres, cost in dollars, odometer, fuel type, location, full or partial fill, driver. */
export function FuelDialog({
  vehicle,
  vehicles,
  onClose,
  drivers,
}: DialogProps & { drivers: readonly string[] }) {
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
        <TextInput
          label="Litres"
          withAsterisk
          inputMode="decimal"
          {...registerField(form, 'liters')}
        />
        <TextInput
          label="Total Cost ($)"
          withAsterisk
          inputMode="decimal"
          {...registerField(form, 'cost')}
        />
        <TextInput
          label="Odometer (km)"
          withAsterisk
          inputMode="numeric"
          {...registerField(form, 'kilometers', NUMBER_FIELD)}
        />
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
      <SelectField
        control={form.control}
        name="driver"
        label="Driver"
        data={[...new Set(drivers)]}
      />
      <Textarea label="Notes" autosize minRows={1} {...form.register('notes')} />
    </RecordDialog>
  );
}

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
}: DialogProps & {
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
        <TextInput
          label="Odometer (km)"
          withAsterisk
          inputMode="numeric"
          {...registerField(form, 'mileageAtService', NUMBER_FIELD)}
        />
        <TextInput
          label="Total Cost ($)"
          withAsterisk
          inputMode="decimal"
          {...registerField(form, 'totalCost')}
        />
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
      <Checkbox label="Paid" {...form.register('isPaid')} />
      <Textarea label="Notes" autosize minRows={1} {...form.register('notes')} />
    </RecordDialog>
  );
}

/** Trip: start and end odometer (end not below start), purpose, places, driver. */
export function MileageDialog({
  vehicle,
  onClose,
  drivers,
}: Omit<DialogProps, 'vehicles'> & { drivers: readonly string[] }) {
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
        <TextInput
          label="Start Odometer (km)"
          withAsterisk
          inputMode="numeric"
          {...registerField(form, 'startOdometer', NUMBER_FIELD)}
        />
        <TextInput
          label="End Odometer (km)"
          withAsterisk
          inputMode="numeric"
          {...registerField(form, 'endOdometer', NUMBER_FIELD)}
        />
        <TextInput label="From" {...form.register('startLocation')} />
        <TextInput label="To" {...form.register('endLocation')} />
      </SimpleGrid>
      <TextInput label="Purpose" {...form.register('purpose')} />
      <SelectField
        control={form.control}
        name="driver"
        label="Driver"
        data={[...new Set(drivers)]}
      />
      <Textarea label="Notes" autosize minRows={1} {...form.register('notes')} />
    </RecordDialog>
  );
}

/** Expense: type, amount in dollars, date, vendor, invoice. */
export function ExpenseDialog({ vehicle, onClose }: Omit<DialogProps, 'vehicles'>) {
  const { form, onSubmit } = useRecordForm(
    expenseFormSchema,
    expenseFormDefaults(vehicle.id, todayInPerth()),
    addExpense,
    onClose,
  );
  return (
    <RecordDialog
      vehicle={vehicle}
      action={FLEET_TEXT.addExpense}
      formLabel="Expense"
      onClose={onClose}
      onSubmit={onSubmit}
      submitting={form.formState.isSubmitting}
    >
      <SelectField
        control={form.control}
        name="expenseType"
        label="Expense Type"
        withAsterisk
        data={[...EXPENSE_TYPES]}
      />
      <SimpleGrid cols={2} spacing="sm">
        <TextInput
          label="Amount ($)"
          withAsterisk
          inputMode="decimal"
          {...registerField(form, 'amount')}
        />
        <TextInput label="Date" withAsterisk type="date" {...registerField(form, 'expenseDate')} />
        <TextInput label="Vendor" {...form.register('vendor')} />
        <TextInput label="Invoice Number" {...form.register('invoiceNumber')} />
      </SimpleGrid>
      <TextInput label="Description" {...form.register('description')} />
      <Checkbox label="Paid" {...form.register('isPaid')} />
    </RecordDialog>
  );
}
