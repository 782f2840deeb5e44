/** Fleet bodies: vehicles, service, fuel and mileage records, expenses. Money in cents, fuel in thousandths. */
import { z } from 'zod';
import { VEHICLE_DEFAULTS } from '../constants/fleet';
import { RECORD_LIMITS } from '../constants/limits';
import { FUEL_TYPES } from '../constants/services';
import { FILL_TYPES, VEHICLE_STATUSES } from '../constants/statuses';
import { jobIdSchema } from '../entities/common';
import { fleetExpenseSchema } from '../entities/fleet-expense';
import { fuelRecordSchema } from '../entities/fuel-record';
import { mileageRecordSchema } from '../entities/mileage-record';
import { serviceRecordSchema } from '../entities/service-record';
import { vehicleSchema } from '../entities/vehicle';
import { MESSAGES } from '../messages';
import { dollarsToCents } from '../rules/money';
import { litresToThousandths } from '../rules/volume';
import {
  boundedCents,
  boundedInt,
  optionalDate,
  optionalIntId,
  optionalText,
  requiredDate,
  requiredText,
  vehicleIdInput,
} from './fields';

/**
 * Vehicle status in a request: the form's active / maintenance / out_of_service, or the legacy
 * 'Excellent' the create call sends (both readings stand).
 */
export const vehicleStatusInputSchema = z.enum(VEHICLE_STATUSES, {
  error: MESSAGES.VEHICLE_STATUS_INVALID,
});

/** Money in cents, 0 up to $1,000,000. */
function money(message: string) {
  return boundedCents(message, RECORD_LIMITS.maxMoneyCents, MESSAGES.MONEY_MAX);
}

/** Dollars as a form field holds them (text or number): 0 up to $1,000,000. */
function dollarsInput(message: string) {
  return z
    .union([z.string(), z.number()], { error: message })
    .refine((value) => dollarsToCents(value) >= 0, message)
    .refine((value) => dollarsToCents(value) <= RECORD_LIMITS.maxMoneyCents, MESSAGES.MONEY_MAX);
}

/** A whole number of kilometres, 0 up to 10,000,000. */
const kilometres = boundedInt(
  0,
  MESSAGES.KILOMETERS_MIN,
  RECORD_LIMITS.maxKilometres,
  MESSAGES.KILOMETERS_MAX,
);

/** A whole number of kilograms (towing capacity, GVM), 0 up to 1,000,000. */
const kilograms = boundedInt(
  0,
  MESSAGES.KILOGRAMS_MAX,
  RECORD_LIMITS.maxKilograms,
  MESSAGES.KILOGRAMS_MAX,
);

const vehicleFields = {
  name: requiredText(MESSAGES.VEHICLE_NAME_REQUIRED, 100),
  make: requiredText(MESSAGES.MAKE_REQUIRED, 50),
  model: requiredText(MESSAGES.MODEL_REQUIRED, 50),
  year: z
    .number({ error: MESSAGES.YEAR_RANGE })
    .int(MESSAGES.YEAR_RANGE)
    .min(VEHICLE_DEFAULTS.minYear, MESSAGES.YEAR_RANGE)
    .max(VEHICLE_DEFAULTS.maxYear, MESSAGES.YEAR_RANGE),
  registration: requiredText(MESSAGES.REGISTRATION_REQUIRED, 20),
  vin: optionalText(50),
  type: requiredText(MESSAGES.VEHICLE_TYPE_REQUIRED, 50),
  status: vehicleStatusInputSchema.default(VEHICLE_DEFAULTS.status),
  mileage: z
    .number({ error: MESSAGES.MILEAGE_MIN })
    .int(MESSAGES.MILEAGE_MIN)
    .min(0, MESSAGES.MILEAGE_MIN)
    .max(RECORD_LIMITS.maxKilometres, MESSAGES.KILOMETERS_MAX)
    .default(VEHICLE_DEFAULTS.mileage),
  serviceInterval: z
    .number({ error: MESSAGES.SERVICE_INTERVAL_MIN })
    .int(MESSAGES.SERVICE_INTERVAL_MIN)
    .min(1, MESSAGES.SERVICE_INTERVAL_MIN)
    .max(RECORD_LIMITS.maxServiceIntervalKm, MESSAGES.SERVICE_INTERVAL_MAX)
    .default(VEHICLE_DEFAULTS.serviceInterval),
  nextService: optionalDate(),
  lastServiceDate: optionalDate(),
  engineType: optionalText(50),
  engineSize: optionalText(50),
  fuelType: z.enum(FUEL_TYPES, { error: MESSAGES.FUEL_TYPE_REQUIRED }).default('Diesel'),
  transmission: optionalText(50),
  driveType: optionalText(20),
  modifications: z.array(z.string().max(100)).default([]),
  specialFeatures: z.array(z.string().max(100)).default([]),
  towingCapacity: kilograms.nullish(),
  gvm: kilograms.nullish(),
  description: optionalText(2000),
  insuranceExpiry: optionalDate(),
  registrationExpiry: optionalDate(),
  isActive: z.boolean().default(VEHICLE_DEFAULTS.isActive),
};

/** POST /api/vehicles body (the Add Vehicle dialog). */
export const vehicleInputSchema = z.object({ id: optionalIntId, ...vehicleFields });
/** Vehicle body as sent. */
export type VehicleInput = z.input<typeof vehicleInputSchema>;
/** Vehicle body after validation. */
export type VehicleData = z.output<typeof vehicleInputSchema>;

/**
 * PUT /api/vehicles/{id} body: any subset of the vehicle fields, typically `{modifications}` or
 * `{specialFeatures}`. Fields left out stay undefined and keep their stored value (no defaults are
 * applied); send null or '' to clear an optional field.
 */
export const vehicleUpdateInputSchema = z.object({
  name: vehicleFields.name.optional(),
  make: vehicleFields.make.optional(),
  model: vehicleFields.model.optional(),
  year: vehicleFields.year.optional(),
  registration: vehicleFields.registration.optional(),
  vin: vehicleFields.vin.optional(),
  type: vehicleFields.type.optional(),
  status: vehicleStatusInputSchema.optional(),
  mileage: z
    .number({ error: MESSAGES.MILEAGE_MIN })
    .int(MESSAGES.MILEAGE_MIN)
    .min(0, MESSAGES.MILEAGE_MIN)
    .max(RECORD_LIMITS.maxKilometres, MESSAGES.KILOMETERS_MAX)
    .optional(),
  serviceInterval: z
    .number({ error: MESSAGES.SERVICE_INTERVAL_MIN })
    .int(MESSAGES.SERVICE_INTERVAL_MIN)
    .min(1, MESSAGES.SERVICE_INTERVAL_MIN)
    .max(RECORD_LIMITS.maxServiceIntervalKm, MESSAGES.SERVICE_INTERVAL_MAX)
    .optional(),
  nextService: vehicleFields.nextService.optional(),
  lastServiceDate: vehicleFields.lastServiceDate.optional(),
  engineType: vehicleFields.engineType.optional(),
  engineSize: vehicleFields.engineSize.optional(),
  fuelType: z.enum(FUEL_TYPES, { error: MESSAGES.FUEL_TYPE_REQUIRED }).optional(),
  transmission: vehicleFields.transmission.optional(),
  driveType: vehicleFields.driveType.optional(),
  modifications: z.array(z.string().max(100)).optional(),
  specialFeatures: z.array(z.string().max(100)).optional(),
  towingCapacity: vehicleFields.towingCapacity.optional(),
  gvm: vehicleFields.gvm.optional(),
  description: vehicleFields.description.optional(),
  insuranceExpiry: vehicleFields.insuranceExpiry.optional(),
  registrationExpiry: vehicleFields.registrationExpiry.optional(),
  isActive: z.boolean().optional(),
});
/** Vehicle update body as sent. */
export type VehicleUpdateInput = z.input<typeof vehicleUpdateInputSchema>;

/**
 * POST /api/service-records body. `totalCost` in cents; `laborCost` defaults to the total and
 * `partsCost` to 0, as the original form sent them.
 */
export const serviceRecordInputSchema = z.object({
  id: optionalIntId,
  vehicleId: vehicleIdInput,
  serviceType: requiredText(MESSAGES.SERVICE_TYPE_REQUIRED, 100),
  description: requiredText(MESSAGES.DESCRIPTION_REQUIRED, 2000),
  mileageAtService: z
    .number({ error: MESSAGES.MILEAGE_MIN })
    .int(MESSAGES.MILEAGE_MIN)
    .min(0, MESSAGES.MILEAGE_MIN)
    .max(RECORD_LIMITS.maxKilometres, MESSAGES.KILOMETERS_MAX),
  totalCost: money(MESSAGES.COST_MIN),
  servicedBy: requiredText(MESSAGES.SERVICED_BY_REQUIRED, 100),
  invoiceNumber: optionalText(50),
  invoiceDate: requiredDate(MESSAGES.INVOICE_DATE_REQUIRED),
  notes: optionalText(2000),
  laborCost: money(MESSAGES.COST_MIN).optional(),
  partsCost: money(MESSAGES.COST_MIN).optional(),
  partsReplaced: optionalText(2000),
  workPerformed: optionalText(2000),
  nextServiceDue: optionalDate(),
  warranty: optionalText(200),
  isPaid: z.boolean().default(false),
  /**
   * Open defects of the vehicle this service fixes: closed by the same step that
   * records the service, so the record and the resolutions are kept together or not at all.
   */
  resolvesDefects: z.array(z.number().int().positive()).max(20).optional(),
});
/** Service record body as sent. */
export type ServiceRecordInput = z.input<typeof serviceRecordInputSchema>;
/** Service record body after validation. */
export type ServiceRecordData = z.output<typeof serviceRecordInputSchema>;

/** The service record form as entered: `totalCost` in dollars (text or number), at least 0. */
export const serviceRecordFormSchema = serviceRecordInputSchema
  .omit({ totalCost: true, laborCost: true, partsCost: true, id: true })
  .extend({
    totalCost: dollarsInput(MESSAGES.COST_MIN),
  });

/** POST /api/fuel-records body. `liters` in thousandths, money in cents. */
export const fuelRecordInputSchema = z.object({
  id: optionalIntId,
  vehicleId: vehicleIdInput,
  /** Defaults to now on the server. */
  dateTime: z.iso.datetime({ offset: true }).optional(),
  location: requiredText(MESSAGES.LOCATION_REQUIRED, 255),
  fuelType: requiredText(MESSAGES.FUEL_TYPE_REQUIRED, 20),
  /** Thousandths of a litre, at least 0.1 L (100). */
  liters: z
    .number({ error: MESSAGES.LITERS_MIN })
    .int(MESSAGES.LITERS_MIN)
    .min(100, MESSAGES.LITERS_MIN)
    .max(RECORD_LIMITS.maxFuelMillilitres, MESSAGES.LITERS_MAX),
  pricePerLiter: money(MESSAGES.COST_MIN),
  totalCost: money(MESSAGES.COST_MIN),
  odometerReading: kilometres,
  fillType: z.enum(FILL_TYPES).default('Full'),
  driver: optionalText(100),
  receipt: optionalText(500),
  notes: optionalText(2000),
});
/** Fuel record body as sent. */
export type FuelRecordInput = z.input<typeof fuelRecordInputSchema>;
/** Fuel record body after validation. */
export type FuelRecordData = z.output<typeof fuelRecordInputSchema>;

/**
 * The fuel form as entered: litres (at least 0.1), cost in dollars (at least 0), odometer
 * kilometres (at least 0). Convert with `litresToThousandths` and `dollarsToCents` before sending.
 */
export const fuelRecordFormSchema = z.object({
  vehicleId: vehicleIdInput,
  liters: z
    .union([z.string(), z.number()], { error: MESSAGES.LITERS_MIN })
    .refine((value) => litresToThousandths(value) >= 100, MESSAGES.LITERS_MIN)
    .refine(
      (value) => litresToThousandths(value) <= RECORD_LIMITS.maxFuelMillilitres,
      MESSAGES.LITERS_MAX,
    ),
  cost: dollarsInput(MESSAGES.COST_MIN),
  kilometers: kilometres,
  fuelType: requiredText(MESSAGES.FUEL_TYPE_REQUIRED, 20),
  location: requiredText(MESSAGES.LOCATION_REQUIRED, 255),
  fillType: z.enum(FILL_TYPES).default('Full'),
  notes: optionalText(2000),
});

/** POST /api/mileage-records body. `distance` is computed (end − start). */
export const mileageRecordInputSchema = z
  .object({
    id: optionalIntId,
    vehicleId: vehicleIdInput,
    dateTime: z.iso.datetime({ offset: true }).optional(),
    startOdometer: kilometres,
    endOdometer: kilometres,
    purpose: optionalText(200),
    jobId: jobIdSchema.nullish(),
    startLocation: optionalText(255),
    endLocation: optionalText(255),
    driver: optionalText(100),
    notes: optionalText(2000),
  })
  .refine((body) => body.endOdometer >= body.startOdometer, {
    error: MESSAGES.ODOMETER_ORDER,
    path: ['endOdometer'],
  });
/** Mileage record body as sent. */
export type MileageRecordInput = z.input<typeof mileageRecordInputSchema>;

/** POST /api/fleet-expenses body. `amount` in cents. */
export const fleetExpenseInputSchema = z.object({
  id: optionalIntId,
  vehicleId: vehicleIdInput,
  expenseType: requiredText(MESSAGES.EXPENSE_TYPE_REQUIRED, 100),
  description: optionalText(2000),
  amount: money(MESSAGES.AMOUNT_MIN),
  vendor: optionalText(100),
  invoiceNumber: optionalText(50),
  expenseDate: requiredDate(MESSAGES.DATE_REQUIRED),
  category: optionalText(50),
  isPaid: z.boolean().default(false),
  paymentMethod: optionalText(50),
  notes: optionalText(2000),
});
/** Fleet expense body as sent. */
export type FleetExpenseInput = z.input<typeof fleetExpenseInputSchema>;

/** PUT /api/vehicles/{id} body: absent keys keep their stored value (no defaults are applied). */
export const vehiclePatchInputSchema = vehicleUpdateInputSchema.partial();

/** The `?vehicleId=` filter of the fleet record lists (absent: every vehicle's records). */
export const vehicleFilterQuerySchema = z.object({
  vehicleId: z.coerce
    .number({ error: MESSAGES.VEHICLE_REQUIRED })
    .int(MESSAGES.VEHICLE_REQUIRED)
    .positive(MESSAGES.VEHICLE_REQUIRED)
    .optional(),
});

/** GET /api/vehicles answer. */
export const vehiclesResponseSchema = z.object({ vehicles: z.array(vehicleSchema) });
/** Answer of POST and PUT /api/vehicles. */
export const vehicleResponseSchema = z.object({ vehicle: vehicleSchema });
/** GET /api/service-records answer. */
export const serviceRecordsResponseSchema = z.object({
  serviceRecords: z.array(serviceRecordSchema),
});
/** POST /api/service-records answer. */
export const serviceRecordResponseSchema = z.object({ serviceRecord: serviceRecordSchema });
/** GET /api/fuel-records answer. */
export const fuelRecordsResponseSchema = z.object({ fuelRecords: z.array(fuelRecordSchema) });
/** POST /api/fuel-records answer. */
export const fuelRecordResponseSchema = z.object({ fuelRecord: fuelRecordSchema });
/** GET /api/mileage-records answer. */
export const mileageRecordsResponseSchema = z.object({
  mileageRecords: z.array(mileageRecordSchema),
});
/** POST /api/mileage-records answer. */
export const mileageRecordResponseSchema = z.object({ mileageRecord: mileageRecordSchema });
/** GET /api/fleet-expenses answer. */
export const fleetExpensesResponseSchema = z.object({ fleetExpenses: z.array(fleetExpenseSchema) });
/** POST /api/fleet-expenses answer. */
export const fleetExpenseResponseSchema = z.object({ fleetExpense: fleetExpenseSchema });
