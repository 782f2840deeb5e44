import { z } from 'zod';
import { intIdSchema, isoDateOrDateTimeSchema, isoDateTimeSchema } from './common';

/** One alert stored on a vehicle (column `alerts`, JSON). */
export const vehicleAlertSchema = z.object({
  type: z.string(),
  message: z.string(),
  dueDate: isoDateOrDateTimeSchema.nullable().optional(),
});
/** A stored vehicle alert. */
export type VehicleAlert = z.infer<typeof vehicleAlertSchema>;

/** Table `vehicles`. */
export const vehicleSchema = z.object({
  id: intIdSchema,
  name: z.string().max(100),
  make: z.string().max(50),
  model: z.string().max(50),
  year: z.number().int(),
  registration: z.string().max(20),
  vin: z.string().max(50).nullable(),
  type: z.string().max(50),
  /** Free text: active, maintenance, out_of_service or the legacy 'Excellent' (default). */
  status: z.string().max(20),
  /** Odometer in km, default 0. */
  mileage: z.number().int().nonnegative(),
  /** Km between services, default 10000. */
  serviceInterval: z.number().int().positive(),
  /** Date the next service is due, if set (the date side of the service reminder). */
  nextService: isoDateOrDateTimeSchema.nullable(),
  lastServiceDate: isoDateOrDateTimeSchema.nullable(),
  engineType: z.string().nullable(),
  engineSize: z.string().nullable(),
  /** Default 'Diesel'. */
  fuelType: z.string(),
  transmission: z.string().nullable(),
  driveType: z.string().nullable(),
  modifications: z.array(z.string()),
  specialFeatures: z.array(z.string()),
  /** Towing capacity in kg. */
  towingCapacity: z.number().int().nonnegative().nullable(),
  /** Gross vehicle mass in kg. */
  gvm: z.number().int().nonnegative().nullable(),
  alerts: z.array(vehicleAlertSchema),
  description: z.string().nullable(),
  insuranceExpiry: isoDateOrDateTimeSchema.nullable(),
  registrationExpiry: isoDateOrDateTimeSchema.nullable(),
  isActive: z.boolean(),
  createdAt: isoDateTimeSchema,
  updatedAt: isoDateTimeSchema,
});
/** A stored vehicle. */
export type Vehicle = z.infer<typeof vehicleSchema>;

const VEHICLE_ALIASES: Readonly<Record<string, string>> = {
  service_interval: 'serviceInterval',
  last_service_date: 'lastServiceDate',
  special_features: 'specialFeatures',
};

/**
 * Copies the snake_case aliases some screens read (`service_interval`, `last_service_date`,
 * `special_features`) onto their camelCase fields when the camelCase field is missing.
 */
export function applyVehicleAliases(raw: unknown): unknown {
  if (typeof raw !== 'object' || raw === null) return raw;
  const out: Record<string, unknown> = { ...(raw as Record<string, unknown>) };
  for (const [alias, field] of Object.entries(VEHICLE_ALIASES)) {
    if (out[field] === undefined && out[alias] !== undefined) out[field] = out[alias];
    delete out[alias];
  }
  return out;
}

/** Reads a vehicle that may use the snake_case aliases. */
export const vehicleWireSchema = z.preprocess(applyVehicleAliases, vehicleSchema);
