/**
 * Fleet vehicle mutators. Registration and VIN are unique across the fleet; a clash is refused
 * with the spec's message instead of surfacing as a database "duplicate key" error.
 */
import { z } from 'zod';
import { MESSAGES } from '../../messages';
import { defineMutator, put, readMany, readOne, reject, succeed } from '../mutator';
import type { MutationContext, ReadSpec, Row } from '../mutator';
import { baseRowSchema, leasedIdSchema } from './common';
import { sameRegistration } from '../../rules/fleet';
import { mergeVehicleEdit, type RecordConflict } from '../../rules/merge';
import { noticeFor, overridesSchema } from '../../rules/merge-notice';
import { vehicleInputSchema, vehicleUpdateInputSchema, type Vehicle } from './deps';
import { stripUndefined } from './job';

const VEHICLE_KEY = 'vehicle';
const FLEET_KEY = 'fleet';

/**
 * The fleet, read whole for the uniqueness check: a registration is compared by
 * {@link registrationKey} (case, spaces and hyphens ignored), which an equality read cannot do.
 * A fleet is a few dozen trucks, retired ones included (their plates stay taken).
 */
function uniquenessReads(
  registration: string | undefined,
  vin: string | null | undefined,
): ReadSpec[] {
  if (registration === undefined && !vin) return [];
  return [{ key: FLEET_KEY, entity: 'vehicles', where: {} }];
}

/** Whether another vehicle than `selfId` already has this registration or VIN. */
function clashes(
  ctx: MutationContext,
  selfId: number,
  registration: string | undefined,
  vin: string | null | undefined,
): boolean {
  return readMany<Vehicle>(ctx, FLEET_KEY).some(
    (vehicle) =>
      vehicle.id !== selfId &&
      (sameRegistration(vehicle.registration, registration) || sameRegistration(vehicle.vin, vin)),
  );
}

/** `vehicle.add`: a new fleet vehicle. */
export const vehicleAdd = defineMutator({
  name: 'vehicle.add',
  argsSchema: vehicleInputSchema.extend({ id: leasedIdSchema }),
  reads: (args) => [
    { key: VEHICLE_KEY, entity: 'vehicles' as const, id: args.id },
    ...uniquenessReads(args.registration, args.vin),
  ],
  apply(ctx, args) {
    if (readOne(ctx, VEHICLE_KEY))
      return reject('conflict', `Vehicle ${args.id} already exists`, 'id');
    if (clashes(ctx, args.id, args.registration, args.vin))
      return reject('conflict', MESSAGES.REGISTRATION_EXISTS, 'registration');
    const vehicle: Vehicle = {
      alerts: [],
      ...args,
      towingCapacity: args.towingCapacity ?? null,
      gvm: args.gvm ?? null,
      createdAt: ctx.now,
      updatedAt: ctx.now,
    };
    return succeed([put('vehicles', vehicle as Row)], { vehicle });
  },
});

/** Vehicle fields `vehicle.update` may change; keys left out keep their value. */
export const vehiclePatchSchema = vehicleUpdateInputSchema.partial();

/**
 * `vehicle.update`: changes some fields of a vehicle. With `base` (the vehicle as the device last
 * saw it) the edit is merged with what changed on the server since (rules/merge.ts): plain
 * fields three-way (a collision keeps the server's value and comes back as a `conflict`), the
 * tick-box lists as sets.
 */
export const vehicleUpdate = defineMutator({
  name: 'vehicle.update',
  argsSchema: z.object({
    id: leasedIdSchema,
    patch: vehiclePatchSchema,
    base: baseRowSchema.optional(),
    /** Set when this edit settles a conflict by keeping this side's values. */
    overrides: overridesSchema.optional(),
  }),
  reads: (args) => [
    { key: VEHICLE_KEY, entity: 'vehicles' as const, id: args.id },
    ...uniquenessReads(args.patch.registration, args.patch.vin),
  ],
  apply(ctx, args) {
    const vehicle = readOne<Vehicle>(ctx, VEHICLE_KEY);
    if (!vehicle) return reject('not_found', MESSAGES.VEHICLE_NOT_FOUND, 'id');
    if (clashes(ctx, args.id, args.patch.registration, args.patch.vin))
      return reject('conflict', MESSAGES.REGISTRATION_EXISTS, 'registration');
    let patch: Record<string, unknown> = stripUndefined(args.patch);
    let conflict: RecordConflict | undefined;
    if (args.base) {
      const { merged, parts } = mergeVehicleEdit(args.base, patch, vehicle);
      patch = merged;
      if (parts.length > 0) conflict = { entity: 'vehicles', id: args.id, parts };
    }
    const updated: Vehicle = { ...vehicle, ...patch, updatedAt: ctx.now };
    const notice = noticeFor({
      overrides: args.overrides,
      entity: 'vehicles',
      recordId: args.id,
      recordRef: vehicle.registration,
      before: vehicle,
      after: updated,
      keptBy: ctx.userId,
      keptByName: ctx.actor?.name,
      now: ctx.now,
    });
    return succeed(
      [put('vehicles', updated as Row), ...(notice ? [put('merge_notices', notice as Row)] : [])],
      conflict ? { vehicle: updated, conflict } : { vehicle: updated },
    );
  },
});

const featureListSchema = z.array(z.string().trim().min(1).max(100)).max(200);

function replaceList(
  ctx: MutationContext,
  field: 'modifications' | 'specialFeatures',
  values: string[],
) {
  const vehicle = readOne<Vehicle>(ctx, VEHICLE_KEY);
  if (!vehicle) return reject('not_found', MESSAGES.VEHICLE_NOT_FOUND, 'id');
  // A tick-box list: order kept, duplicates dropped.
  const updated: Vehicle = { ...vehicle, [field]: [...new Set(values)], updatedAt: ctx.now };
  return succeed([put('vehicles', updated as Row)], { vehicle: updated });
}

/** `vehicle.updateModifications`: replaces the ticked modifications. */
export const vehicleUpdateModifications = defineMutator({
  name: 'vehicle.updateModifications',
  argsSchema: z.object({ id: leasedIdSchema, modifications: featureListSchema }),
  reads: (args) => [{ key: VEHICLE_KEY, entity: 'vehicles' as const, id: args.id }],
  apply: (ctx, args) => replaceList(ctx, 'modifications', args.modifications),
});

/** `vehicle.updateSpecialFeatures`: replaces the ticked special features. */
export const vehicleUpdateSpecialFeatures = defineMutator({
  name: 'vehicle.updateSpecialFeatures',
  argsSchema: z.object({ id: leasedIdSchema, specialFeatures: featureListSchema }),
  reads: (args) => [{ key: VEHICLE_KEY, entity: 'vehicles' as const, id: args.id }],
  apply: (ctx, args) => replaceList(ctx, 'specialFeatures', args.specialFeatures),
});

/**
 * `vehicle.remove`: takes a vehicle out of the fleet: it leaves the fleet list
 * (`isActive` false, out of service) and keeps its service, fuel, mileage and expense records,
 * which the reports and the books still count.
 */
export const vehicleRemove = defineMutator({
  name: 'vehicle.remove',
  argsSchema: z.object({ id: leasedIdSchema }),
  reads: (args) => [{ key: VEHICLE_KEY, entity: 'vehicles' as const, id: args.id }],
  apply(ctx, _args) {
    const vehicle = readOne<Vehicle>(ctx, VEHICLE_KEY);
    if (!vehicle) return reject('not_found', MESSAGES.VEHICLE_NOT_FOUND, 'id');
    const retired: Vehicle = {
      ...vehicle,
      isActive: false,
      status: 'out_of_service',
      updatedAt: ctx.now,
    };
    return succeed([put('vehicles', retired as Row)], { vehicle: retired });
  },
});
