/**
 * The record dialogs of a vehicle: fuel (spec §5 fuel form), service (spec §5 service record
 * form), trip (mileage record) and expense. Entered in dollars and litres, stored in cents and
 * thousandths by the actions.
 */
import { Controller, useForm, type Control, type FieldValues, type Path } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import {
  Button,
  Checkbox,
  Group,
  Modal,
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
  SERVICE_RECORD_TYPES,
  todayInPerth,
  type Vehicle,
} from '@pilbara/shared-schema';
import { addExpense, addFuelRecord, addMileageRecord, addServiceRecord } from './fleet-actions';
import {
  EXPENSE_TYPES,
  expenseFormDefaults,
  expenseFormSchema,
  fuelFormDefaults,
  fuelFormSchema,
  mileageFormDefaults,
  mileageFormSchema,
  numberOrUndefined,
  serviceFormDefaults,
  serviceFormSchema,
  type ExpenseFormData,
  type ExpenseFormInput,
  type FuelFormData,
  type FuelFormInput,
  type MileageFormData,
  type MileageFormInput,
  type ServiceFormData,
  type ServiceFormInput,
} from './fleet-forms';
import { FLEET_TEXT } from './fleet-text';

const number = { setValueAs: numberOrUndefined };

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
function VehicleSelect<T extends FieldValues>({
  control,
  vehicles,
  error,
}: {
  control: Control<T>;
  vehicles: readonly Vehicle[];
  error?: string;
}) {
  return (
    <Controller
      control={control}
      name={'vehicleId' as Path<T>}
      render={({ field }) => (
        <Select
          label="Vehicle"
          withAsterisk
          data={vehicleOptions(vehicles)}
          value={field.value ? String(field.value) : null}
          onChange={(value) => field.onChange(value ? Number(value) : undefined)}
          error={error}
          allowDeselect={false}
        />
      )}
    />
  );
}

function Actions({
  onClose,
  submitting,
  label,
}: {
  onClose: () => void;
  submitting: boolean;
  label: string;
}) {
  return (
    <Group justify="flex-end" gap="sm">
      <Button variant="default" onClick={onClose}>
        {FLEET_TEXT.cancel}
      </Button>
      <Button type="submit" loading={submitting}>
        {label}
      </Button>
    </Group>
  );
}

/** Fuel: litres, cost in dollars, odometer, fuel type, location, full or partial fill, driver. */
export function FuelDialog({
  vehicle,
  vehicles,
  onClose,
  drivers,
}: DialogProps & { drivers: readonly string[] }) {
  const form = useForm<FuelFormInput, unknown, FuelFormData>({
    resolver: zodResolver(fuelFormSchema),
    defaultValues: fuelFormDefaults(vehicle.id, vehicle.fuelType || 'Diesel', drivers[0] ?? ''),
  });
  const { errors, isSubmitting } = form.formState;
  const onSubmit = form.handleSubmit(async (values) => {
    if (await addFuelRecord(values)) onClose();
  });
  return (
    <Modal
      opened
      onClose={onClose}
      title={`${FLEET_TEXT.addFuel} · ${vehicle.name || vehicle.registration}`}
    >
      <form onSubmit={onSubmit} noValidate aria-label="Fuel record">
        <Stack gap="sm">
          <VehicleSelect
            control={form.control}
            vehicles={vehicles}
            error={errors.vehicleId?.message}
          />
          <SimpleGrid cols={2} spacing="sm">
            <TextInput
              label="Litres"
              withAsterisk
              inputMode="decimal"
              {...form.register('liters')}
              error={errors.liters?.message}
            />
            <TextInput
              label="Total Cost ($)"
              withAsterisk
              inputMode="decimal"
              {...form.register('cost')}
              error={errors.cost?.message}
            />
            <TextInput
              label="Odometer (km)"
              withAsterisk
              inputMode="numeric"
              {...form.register('kilometers', number)}
              error={errors.kilometers?.message}
            />
            <Controller
              control={form.control}
              name="fuelType"
              render={({ field }) => (
                <Select
                  label="Fuel Type"
                  withAsterisk
                  data={[...FUEL_TYPES]}
                  value={field.value || null}
                  onChange={(value) => field.onChange(value ?? '')}
                  error={errors.fuelType?.message}
                />
              )}
            />
          </SimpleGrid>
          <TextInput
            label="Location"
            withAsterisk
            {...form.register('location')}
            error={errors.location?.message}
          />
          <TextInput
            label="Filled At"
            description="Leave empty for now"
            type="datetime-local"
            {...form.register('filledAt')}
            error={errors.filledAt?.message}
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
          <Controller
            control={form.control}
            name="driver"
            render={({ field }) => (
              <Select
                label="Driver"
                data={[...new Set(drivers)]}
                value={field.value || null}
                onChange={(value) => field.onChange(value ?? '')}
              />
            )}
          />
          <Textarea label="Notes" autosize minRows={1} {...form.register('notes')} />
          <Actions onClose={onClose} submitting={isSubmitting} label={FLEET_TEXT.addFuel} />
        </Stack>
      </form>
    </Modal>
  );
}

/** Service: type, description, odometer, total in dollars, who serviced it, invoice. */
export function ServiceDialog({ vehicle, vehicles, onClose }: DialogProps) {
  const form = useForm<ServiceFormInput, unknown, ServiceFormData>({
    resolver: zodResolver(serviceFormSchema),
    defaultValues: serviceFormDefaults(vehicle.id, vehicle.mileage, todayInPerth()),
  });
  const { errors, isSubmitting } = form.formState;
  const onSubmit = form.handleSubmit(async (values) => {
    if (await addServiceRecord(values)) onClose();
  });
  return (
    <Modal
      opened
      onClose={onClose}
      title={`${FLEET_TEXT.addService} · ${vehicle.name || vehicle.registration}`}
    >
      <form onSubmit={onSubmit} noValidate aria-label="Service record">
        <Stack gap="sm">
          <VehicleSelect
            control={form.control}
            vehicles={vehicles}
            error={errors.vehicleId?.message}
          />
          <Controller
            control={form.control}
            name="serviceType"
            render={({ field }) => (
              <Select
                label="Service Type"
                withAsterisk
                data={[...SERVICE_RECORD_TYPES]}
                value={field.value || null}
                onChange={(value) => field.onChange(value ?? '')}
                error={errors.serviceType?.message}
              />
            )}
          />
          <Textarea
            label="Description"
            withAsterisk
            autosize
            minRows={2}
            {...form.register('description')}
            error={errors.description?.message}
          />
          <SimpleGrid cols={2} spacing="sm">
            <TextInput
              label="Odometer (km)"
              withAsterisk
              inputMode="numeric"
              {...form.register('mileageAtService', number)}
              error={errors.mileageAtService?.message}
            />
            <TextInput
              label="Total Cost ($)"
              withAsterisk
              inputMode="decimal"
              {...form.register('totalCost')}
              error={errors.totalCost?.message}
            />
            <TextInput
              label="Serviced By"
              withAsterisk
              {...form.register('servicedBy')}
              error={errors.servicedBy?.message}
            />
            <TextInput
              label="Invoice Number"
              {...form.register('invoiceNumber')}
              error={errors.invoiceNumber?.message}
            />
            <TextInput
              label="Invoice Date"
              withAsterisk
              type="date"
              {...form.register('invoiceDate')}
              error={errors.invoiceDate?.message}
            />
            <TextInput
              label="Next Service Date"
              type="date"
              {...form.register('nextServiceDue')}
              error={errors.nextServiceDue?.message}
            />
          </SimpleGrid>
          <Checkbox label="Paid" {...form.register('isPaid')} />
          <Textarea label="Notes" autosize minRows={1} {...form.register('notes')} />
          <Actions onClose={onClose} submitting={isSubmitting} label={FLEET_TEXT.addService} />
        </Stack>
      </form>
    </Modal>
  );
}

/** Trip: start and end odometer (end not below start), purpose, places, driver. */
export function MileageDialog({
  vehicle,
  onClose,
  drivers,
}: Omit<DialogProps, 'vehicles'> & { drivers: readonly string[] }) {
  const form = useForm<MileageFormInput, unknown, MileageFormData>({
    resolver: zodResolver(mileageFormSchema),
    defaultValues: mileageFormDefaults(vehicle.id, vehicle.mileage, drivers[0] ?? ''),
  });
  const { errors, isSubmitting } = form.formState;
  const onSubmit = form.handleSubmit(async (values) => {
    if (await addMileageRecord(values)) onClose();
  });
  return (
    <Modal
      opened
      onClose={onClose}
      title={`${FLEET_TEXT.addMileage} · ${vehicle.name || vehicle.registration}`}
    >
      <form onSubmit={onSubmit} noValidate aria-label="Trip">
        <Stack gap="sm">
          <SimpleGrid cols={2} spacing="sm">
            <TextInput
              label="Start Odometer (km)"
              withAsterisk
              inputMode="numeric"
              {...form.register('startOdometer', number)}
              error={errors.startOdometer?.message}
            />
            <TextInput
              label="End Odometer (km)"
              withAsterisk
              inputMode="numeric"
              {...form.register('endOdometer', number)}
              error={errors.endOdometer?.message}
            />
            <TextInput label="From" {...form.register('startLocation')} />
            <TextInput label="To" {...form.register('endLocation')} />
          </SimpleGrid>
          <TextInput label="Purpose" {...form.register('purpose')} />
          <Controller
            control={form.control}
            name="driver"
            render={({ field }) => (
              <Select
                label="Driver"
                data={[...new Set(drivers)]}
                value={field.value || null}
                onChange={(value) => field.onChange(value ?? '')}
              />
            )}
          />
          <Textarea label="Notes" autosize minRows={1} {...form.register('notes')} />
          <Actions onClose={onClose} submitting={isSubmitting} label={FLEET_TEXT.addMileage} />
        </Stack>
      </form>
    </Modal>
  );
}

/** Expense: type, amount in dollars, date, vendor, invoice. */
export function ExpenseDialog({ vehicle, onClose }: Omit<DialogProps, 'vehicles'>) {
  const form = useForm<ExpenseFormInput, unknown, ExpenseFormData>({
    resolver: zodResolver(expenseFormSchema),
    defaultValues: expenseFormDefaults(vehicle.id, todayInPerth()),
  });
  const { errors, isSubmitting } = form.formState;
  const onSubmit = form.handleSubmit(async (values) => {
    if (await addExpense(values)) onClose();
  });
  return (
    <Modal
      opened
      onClose={onClose}
      title={`${FLEET_TEXT.addExpense} · ${vehicle.name || vehicle.registration}`}
    >
      <form onSubmit={onSubmit} noValidate aria-label="Expense">
        <Stack gap="sm">
          <Controller
            control={form.control}
            name="expenseType"
            render={({ field }) => (
              <Select
                label="Expense Type"
                withAsterisk
                data={[...EXPENSE_TYPES]}
                value={field.value || null}
                onChange={(value) => field.onChange(value ?? '')}
                error={errors.expenseType?.message}
              />
            )}
          />
          <SimpleGrid cols={2} spacing="sm">
            <TextInput
              label="Amount ($)"
              withAsterisk
              inputMode="decimal"
              {...form.register('amount')}
              error={errors.amount?.message}
            />
            <TextInput
              label="Date"
              withAsterisk
              type="date"
              {...form.register('expenseDate')}
              error={errors.expenseDate?.message}
            />
            <TextInput label="Vendor" {...form.register('vendor')} />
            <TextInput label="Invoice Number" {...form.register('invoiceNumber')} />
          </SimpleGrid>
          <TextInput label="Description" {...form.register('description')} />
          <Checkbox label="Paid" {...form.register('isPaid')} />
          <Actions onClose={onClose} submitting={isSubmitting} label={FLEET_TEXT.addExpense} />
        </Stack>
      </form>
    </Modal>
  );
}
