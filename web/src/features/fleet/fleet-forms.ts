/**
 * Form models of the fleet dialogs: what each form holds (dollars and litres as typed), the
 * schema that shows the fields' messages (MESSAGES) under them, and the conversion into mutation
 * arguments (cents and thousandths of a litre, docs/architecture.md). Pure, so it is unit tested.
 */
import { z } from 'zod';
import {
  MESSAGES,
  VEHICLE_DEFAULTS,
  VEHICLE_FORM_STATUSES,
  dollarsToCents,
  fleetExpenseInputSchema,
  fuelRecordFormSchema,
  litresToThousandths,
  mileageRecordInputSchema,
  serviceRecordFormSchema,
  vehicleInputSchema,
  type FillType,
} from '@pilbara/shared-schema';

/** An empty number field reads as undefined, so the schema shows its own message. */
export function numberOrUndefined(value: unknown): number | undefined {
  if (value === '' || value === null || value === undefined) return undefined;
  const number = typeof value === 'number' ? value : Number(String(value).trim());
  return Number.isNaN(number) ? undefined : number;
}

/** `register()` options of a number field typed as text: read with `numberOrUndefined`. */
export const NUMBER_FIELD = { setValueAs: numberOrUndefined };

// ---- Vehicle -------------------------------------------------------------------------------

/** The Add Vehicle form: the request schema with the form's own status enum. */
export const vehicleFormSchema = vehicleInputSchema.omit({ id: true }).extend({
  status: z.enum(VEHICLE_FORM_STATUSES, { error: MESSAGES.VEHICLE_STATUS_INVALID }),
});
export type VehicleFormInput = z.input<typeof vehicleFormSchema>;
export type VehicleFormData = z.output<typeof vehicleFormSchema>;

/** A new vehicle's defaults: service interval 10000 km, Diesel, 4WD, the current year. */
export function vehicleFormDefaults(year: number): VehicleFormInput {
  return {
    name: '',
    make: '',
    model: '',
    year,
    registration: '',
    vin: '',
    type: '',
    status: 'active',
    mileage: VEHICLE_DEFAULTS.mileage,
    serviceInterval: VEHICLE_DEFAULTS.serviceInterval,
    fuelType: VEHICLE_DEFAULTS.fuelType,
    driveType: VEHICLE_DEFAULTS.driveType,
    registrationExpiry: '',
    insuranceExpiry: '',
    nextService: '',
    lastServiceDate: '',
    modifications: [],
    specialFeatures: [],
    isActive: true,
  };
}

// ---- Fuel ----------------------------------------------------------------------------------

/** Own wording: the fill time field of the fuel form. */
const FILLED_AT_INVALID = 'Enter the date and time of the fill';

/** A receipt logged later keeps its own fill time; an empty field means now. */
export function fillTime(filledAt: string | undefined, now: Date = new Date()): string {
  return filledAt ? new Date(filledAt).toISOString() : now.toISOString();
}

/** The fuel form: litres, dollars and odometer km as typed, plus fill type and driver. */
export const fuelFormSchema = fuelRecordFormSchema.extend({
  driver: z.string().trim().max(100).nullish(),
  /** When the tank was filled, as the device's local 'YYYY-MM-DDTHH:mm'; empty means now. */
  filledAt: z
    .string()
    .optional()
    .refine((value) => !value || !Number.isNaN(Date.parse(value)), FILLED_AT_INVALID),
});
export type FuelFormInput = z.input<typeof fuelFormSchema>;
export type FuelFormData = z.output<typeof fuelFormSchema>;

export function fuelFormDefaults(
  vehicleId: number | undefined,
  fuelType: string,
  driver: string,
): FuelFormInput {
  return {
    vehicleId: vehicleId as number,
    liters: '',
    cost: '',
    kilometers: undefined as unknown as number,
    fuelType,
    location: '',
    fillType: 'Full',
    notes: '',
    driver,
    filledAt: '',
  };
}

/** Arguments of `fuel.add` (without id): thousandths of a litre and cents; price per litre rounded. */
export function fuelArgs(values: FuelFormData, dateTime: string) {
  const liters = litresToThousandths(values.liters);
  const totalCost = dollarsToCents(values.cost);
  return {
    vehicleId: values.vehicleId,
    dateTime,
    location: values.location,
    fuelType: values.fuelType,
    liters,
    // cents per litre = cents / (thousandths / 1000), rounded to the cent.
    pricePerLiter: liters > 0 ? Math.round((totalCost * 1000) / liters) : 0,
    totalCost,
    odometerReading: values.kilometers,
    fillType: values.fillType as FillType,
    driver: values.driver?.trim() ? values.driver.trim() : null,
    notes: values.notes ?? null,
  };
}

// ---- Service -------------------------------------------------------------------------------

export const serviceFormSchema = serviceRecordFormSchema;
export type ServiceFormInput = z.input<typeof serviceFormSchema>;
export type ServiceFormData = z.output<typeof serviceFormSchema>;

export function serviceFormDefaults(
  vehicleId: number | undefined,
  mileage: number | undefined,
  today: string,
): ServiceFormInput {
  return {
    vehicleId: vehicleId as number,
    serviceType: '',
    description: '',
    mileageAtService: mileage as number,
    totalCost: '',
    servicedBy: '',
    invoiceNumber: '',
    invoiceDate: today,
    notes: '',
    nextServiceDue: '',
    isPaid: false,
  };
}

/**
 * Arguments of `service.add` (without id): the total in cents; the form asks for one amount, so
 * labour equals the total.
 */
export function serviceArgs(values: ServiceFormData) {
  const totalCost = dollarsToCents(values.totalCost);
  return {
    vehicleId: values.vehicleId,
    serviceType: values.serviceType,
    description: values.description,
    mileageAtService: values.mileageAtService,
    totalCost,
    laborCost: totalCost,
    partsCost: 0,
    servicedBy: values.servicedBy,
    invoiceNumber: values.invoiceNumber,
    invoiceDate: values.invoiceDate,
    notes: values.notes,
    nextServiceDue: values.nextServiceDue,
    isPaid: values.isPaid,
    // Closed by the same step that records the service.
    resolvesDefects: values.resolvesDefects?.length ? values.resolvesDefects : undefined,
  };
}

// ---- Mileage -------------------------------------------------------------------------------

export const mileageFormSchema = mileageRecordInputSchema;
export type MileageFormInput = z.input<typeof mileageFormSchema>;
export type MileageFormData = z.output<typeof mileageFormSchema>;

export function mileageFormDefaults(
  vehicleId: number,
  mileage: number,
  driver: string,
): MileageFormInput {
  return {
    vehicleId,
    startOdometer: mileage,
    endOdometer: undefined as unknown as number,
    purpose: '',
    startLocation: '',
    endLocation: '',
    driver,
    notes: '',
  };
}

// ---- Expense -------------------------------------------------------------------------------

/** The expense form: the amount in dollars as typed. */
export const expenseFormSchema = fleetExpenseInputSchema.omit({ id: true, amount: true }).extend({
  amount: z
    .union([z.string(), z.number()], { error: MESSAGES.AMOUNT_MIN })
    .refine((value) => dollarsToCents(value) >= 0, MESSAGES.AMOUNT_MIN),
});
export type ExpenseFormInput = z.input<typeof expenseFormSchema>;
export type ExpenseFormData = z.output<typeof expenseFormSchema>;

export function expenseFormDefaults(vehicleId: number, today: string): ExpenseFormInput {
  return {
    vehicleId,
    expenseType: '',
    description: '',
    amount: '',
    vendor: '',
    invoiceNumber: '',
    expenseDate: today,
    category: '',
    isPaid: false,
    paymentMethod: '',
    notes: '',
  };
}

/** Arguments of `expense.add` (without id): the amount in cents. */
export function expenseArgs(values: ExpenseFormData) {
  return { ...values, amount: dollarsToCents(values.amount) };
}

/** Expense types offered in the expense form (free text is stored). */
export const EXPENSE_TYPES = [
  'Registration',
  'Insurance',
  'Tyres',
  'Repairs',
  'Parts',
  'Tolls',
  'Cleaning',
  'Other',
] as const;
