import { z } from 'zod';
import { FILL_TYPES } from '../constants/statuses';
import { centsSchema, intIdSchema, isoDateTimeSchema, milliLitresSchema } from './common';

/** Table `fuel_records`. `liters` is thousandths of a litre; money in cents. */
export const fuelRecordSchema = z.object({
  id: intIdSchema,
  vehicleId: intIdSchema,
  dateTime: isoDateTimeSchema,
  location: z.string(),
  fuelType: z.string(),
  /** Volume in thousandths of a litre. */
  liters: milliLitresSchema,
  /** Cents per litre. */
  pricePerLiter: centsSchema,
  totalCost: centsSchema,
  /** Odometer km at the fill. */
  odometerReading: z.number().int().nonnegative(),
  /** Default 'Full'. */
  fillType: z.enum(FILL_TYPES),
  /** Litres per 100 km, when computable. */
  efficiency: z.number().nonnegative().nullable(),
  driver: z.string().nullable(),
  receipt: z.string().nullable(),
  notes: z.string().nullable(),
  createdAt: isoDateTimeSchema,
});
/** A stored fuel record. */
export type FuelRecord = z.infer<typeof fuelRecordSchema>;

/**
 * Copies the aliases the fleet screen reads (`cost` for totalCost, `kilometers` for
 * odometerReading) onto their fields when those are missing.
 */
export function applyFuelRecordAliases(raw: unknown): unknown {
  if (typeof raw !== 'object' || raw === null) return raw;
  const out: Record<string, unknown> = { ...(raw as Record<string, unknown>) };
  if (out.totalCost === undefined && out.cost !== undefined) out.totalCost = out.cost;
  if (out.odometerReading === undefined && out.kilometers !== undefined)
    out.odometerReading = out.kilometers;
  delete out.cost;
  delete out.kilometers;
  return out;
}

/** Reads a fuel record that may use the `cost` / `kilometers` aliases. */
export const fuelRecordWireSchema = z.preprocess(applyFuelRecordAliases, fuelRecordSchema);
