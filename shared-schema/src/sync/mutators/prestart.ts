/**
 * Pre-start check mutators. `prestart.submit` records a driver's daily check of a
 * vehicle and raises one defect per failed item; a critical one takes the vehicle out of service.
 * `defect.resolve` closes a defect, by a service record or as fixed with a note, and brings the
 * vehicle back to its status before the critical defects when the last one is closed.
 */
import { z } from 'zod';
import {
  CHECK_RESULTS,
  DEFECT_SEVERITIES,
  PRESTART_LIMITS,
  PRESTART_TEXT,
} from '../../constants/prestart';
import { isoDateTimeSchema } from '../../entities/common';
import { positionFieldsSchema } from '../../entities/field-record';
import {
  defectPhotoSchema,
  type CheckItemResult,
  type PrestartCheck,
  type VehicleDefect,
} from '../../entities/prestart';
import { MESSAGES } from '../../messages';
import {
  checkAnswerProblems,
  checklistFor,
  checklistKindOf,
  checkPerthDay,
  defectsFromAnswers,
  statusAfterRaising,
  statusAfterResolving,
} from '../../rules/prestart';
import { defineMutator, put, readMany, readOne, reject, succeed } from '../mutator';
import type { MutationContext, MutationRejection, Row, RowChange } from '../mutator';
import { leasedIdSchema } from './common';
import type { ServiceRecord, Vehicle } from './deps';

/** One answered item as a caller sends it. */
export const prestartAnswerSchema = z
  .object({
    key: z.string().min(1).max(40),
    result: z.enum(CHECK_RESULTS),
    severity: z.enum(DEFECT_SEVERITIES).nullable().optional(),
    note: z.string().trim().max(PRESTART_LIMITS.maxNote).nullable().optional(),
    photos: z.array(defectPhotoSchema).max(PRESTART_LIMITS.maxPhotosPerItem).optional(),
    /** The id of the defect a failed item raises, leased like every new row's id. */
    defectId: leasedIdSchema.optional(),
  })
  .refine((answer) => answer.result !== 'fail' || Boolean(answer.note), {
    error: PRESTART_TEXT.failNoteRequired,
    path: ['note'],
  });

/**
 * A pre-start check as a caller sends it (the REST body): ids may be left out, the server then
 * mints them.
 */
export const prestartCheckInputSchema = z
  .object({
    id: leasedIdSchema.optional(),
    vehicleId: leasedIdSchema,
    /** When the driver made the check (the phone's clock). */
    checkedAt: isoDateTimeSchema,
    checkedByName: z.string().trim().min(1).max(100),
    odometer: z
      .number({ error: 'Enter the odometer reading' })
      .int()
      .nonnegative()
      .max(PRESTART_LIMITS.maxOdometer),
    items: z.array(prestartAnswerSchema).min(1, { error: PRESTART_TEXT.answerEveryItem }).max(40),
  })
  .extend({
    // Where the check was made, when the phone gave a position (else null, with the reason).
    latitude: positionFieldsSchema.shape.latitude.default(null),
    longitude: positionFieldsSchema.shape.longitude.default(null),
    accuracy: positionFieldsSchema.shape.accuracy.default(null),
    positionNote: positionFieldsSchema.shape.positionNote.default(null),
  });

/** The arguments of `prestart.submit`: every id given, one per failed item. */
export const prestartSubmitArgsSchema = prestartCheckInputSchema
  .extend({ id: leasedIdSchema })
  .superRefine((args, ctx) => {
    args.items.forEach((answer, index) => {
      if (answer.result === 'fail' && answer.defectId === undefined)
        ctx.addIssue({
          code: 'custom',
          message: 'A failed item needs the id of its defect',
          path: ['items', index, 'defectId'],
        });
    });
  });

const userIdOf = (ctx: MutationContext) => (typeof ctx.userId === 'number' ? ctx.userId : null);

/** `prestart.submit`: a vehicle's daily pre-start check and the defects its failures raise. */
export const prestartSubmit = defineMutator({
  name: 'prestart.submit',
  argsSchema: prestartSubmitArgsSchema,
  reads: (args) => [
    { key: 'check', entity: 'prestart_checks' as const, id: args.id },
    { key: 'vehicle', entity: 'vehicles' as const, id: args.vehicleId },
    openDefectsRead(args.vehicleId),
  ],
  apply(ctx, args) {
    if (readOne(ctx, 'check'))
      return reject('conflict', `Pre-start check ${args.id} already exists`, 'id');
    const vehicle = readOne<Vehicle>(ctx, 'vehicle');
    if (!vehicle) return reject('not_found', MESSAGES.VEHICLE_NOT_FOUND, 'vehicleId');
    const checklist = checklistFor(vehicle.type);
    const problems = checkAnswerProblems(checklist, args.items);
    const [problemKey, problem] = Object.entries(problems)[0] ?? [];
    if (problemKey !== undefined && problem !== undefined)
      return reject(
        'invalid_args',
        problem,
        problemKey === 'items' ? 'items' : `items.${problemKey}`,
      );

    // A phone whose clock runs ahead cannot date a check into tomorrow.
    const checkedAt = args.checkedAt > ctx.now ? ctx.now : args.checkedAt;
    const userId = userIdOf(ctx);
    const labels = new Map(checklist.map((entry) => [entry.key, entry.label]));
    const byKey = new Map(args.items.map((answer) => [answer.key, answer]));
    const items: CheckItemResult[] = checklist.map((entry) => {
      const answer = byKey.get(entry.key);
      const failed = answer?.result === 'fail';
      return {
        key: entry.key,
        label: labels.get(entry.key) ?? entry.key,
        result: answer?.result ?? 'na',
        severity: failed ? (answer?.severity ?? entry.severity) : null,
        note: answer?.note ? answer.note : null,
        photos: failed ? [...(answer?.photos ?? [])] : [],
      };
    });
    const raised = defectsFromAnswers(checklist, args.items);
    const open = readMany<VehicleDefect>(ctx, 'open');
    const { status, statusBefore } = statusAfterRaising(vehicle.status, open, raised);

    const check: PrestartCheck = {
      id: args.id,
      vehicleId: vehicle.id,
      checklist: checklistKindOf(vehicle.type),
      checkedAt,
      perthDay: checkPerthDay(checkedAt),
      checkedBy: userId,
      checkedByName: args.checkedByName,
      odometer: args.odometer,
      items,
      failedCount: raised.length,
      latitude: args.latitude,
      longitude: args.longitude,
      accuracy: args.accuracy,
      positionNote: args.positionNote,
      createdAt: ctx.now,
    };
    const changes: RowChange[] = [put('prestart_checks', check as Row)];
    for (const defect of raised) {
      const row: VehicleDefect = {
        id: byKey.get(defect.itemKey)?.defectId ?? 0,
        vehicleId: vehicle.id,
        checkId: check.id,
        ...defect,
        status: 'open',
        raisedAt: checkedAt,
        raisedBy: userId,
        raisedByName: args.checkedByName,
        vehicleStatusBefore: defect.severity === 'critical' ? statusBefore : null,
        resolvedAt: null,
        resolvedBy: null,
        resolution: null,
        serviceRecordId: null,
        resolutionNote: null,
        updatedAt: ctx.now,
      };
      changes.push(put('vehicle_defects', row as Row));
    }
    const mileage = Math.max(vehicle.mileage, args.odometer);
    if (status !== vehicle.status || mileage !== vehicle.mileage) {
      changes.push(put('vehicles', { ...vehicle, status, mileage, updatedAt: ctx.now } as Row));
    }
    return succeed(changes, { check, defects: raised.length, status });
  },
});

/** How a defect is resolved (the REST body): by a service record of its vehicle, or fixed. */
export const defectResolutionInputSchema = z.discriminatedUnion('resolution', [
  z.object({
    resolution: z.literal('service'),
    serviceRecordId: leasedIdSchema,
    note: z.string().trim().max(PRESTART_LIMITS.maxNote).nullable().optional(),
  }),
  z.object({
    resolution: z.literal('fixed'),
    note: z
      .string({ error: PRESTART_TEXT.fixedNoteRequired })
      .trim()
      .min(1, { error: PRESTART_TEXT.fixedNoteRequired })
      .max(PRESTART_LIMITS.maxNote),
  }),
]);

/** The arguments of `defect.resolve`: the defect, its vehicle and the resolution. */
export const defectResolveArgsSchema = z.intersection(
  z.object({ id: leasedIdSchema, vehicleId: leasedIdSchema }),
  defectResolutionInputSchema,
);

/** The read of a vehicle's open defects, which every status change of the vehicle looks at. */
export function openDefectsRead(vehicleId: number) {
  return {
    key: 'open',
    entity: 'vehicle_defects' as const,
    where: { vehicleId, status: 'open' },
  };
}

/** The reads of the defects a step closes, each under `defect:<id>`. */
export function defectReads(ids: readonly number[]) {
  return ids.map((id) => ({ key: `defect:${id}`, entity: 'vehicle_defects' as const, id }));
}

/** How a set of defects is closed. */
export interface DefectClosing {
  resolution: 'service' | 'fixed';
  serviceRecordId: number | null;
  note: string | null;
}

/**
 * Closes the open defects `ids` of `vehicle` in one step (read with {@link defectReads} and
 * {@link openDefectsRead}): the resolved rows and the vehicle's status after them, or why not —
 * a defect of another vehicle (`not_found`) or one already closed (`invalid_state`), named by
 * `field`. All of them close or none does.
 */
export function closeDefects(
  ctx: MutationContext,
  vehicle: Vehicle,
  ids: readonly number[],
  closing: DefectClosing,
  field: string,
): { ok: true; defects: VehicleDefect[]; status: string } | MutationRejection {
  const defects: VehicleDefect[] = [];
  for (const id of new Set(ids)) {
    const defect = readOne<VehicleDefect>(ctx, `defect:${id}`);
    if (!defect || defect.vehicleId !== vehicle.id)
      return reject('not_found', PRESTART_TEXT.defectNotFound, field);
    if (defect.status !== 'open')
      return reject('invalid_state', PRESTART_TEXT.defectAlreadyResolved, field);
    defects.push({
      ...defect,
      status: 'resolved',
      resolvedAt: ctx.now,
      resolvedBy: userIdOf(ctx),
      resolution: closing.resolution,
      serviceRecordId: closing.serviceRecordId,
      resolutionNote: closing.note ? closing.note : null,
      updatedAt: ctx.now,
    });
  }
  const status = statusAfterResolving(
    vehicle.status,
    readMany<VehicleDefect>(ctx, 'open'),
    defects.map((defect) => defect.id),
  );
  return { ok: true, defects, status };
}

/** `defect.resolve`: closes an open defect, restoring the vehicle when it was the last critical. */
export const defectResolve = defineMutator({
  name: 'defect.resolve',
  argsSchema: defectResolveArgsSchema,
  reads: (args) => [
    ...defectReads([args.id]),
    { key: 'vehicle', entity: 'vehicles' as const, id: args.vehicleId },
    openDefectsRead(args.vehicleId),
    ...(args.resolution === 'service'
      ? [{ key: 'service', entity: 'service_records' as const, id: args.serviceRecordId }]
      : []),
  ],
  apply(ctx, args) {
    const vehicle = readOne<Vehicle>(ctx, 'vehicle');
    if (!vehicle) return reject('not_found', MESSAGES.VEHICLE_NOT_FOUND, 'vehicleId');
    if (args.resolution === 'service') {
      const service = readOne<ServiceRecord>(ctx, 'service');
      if (!service || service.vehicleId !== vehicle.id)
        return reject('not_found', 'Service record not found for this vehicle', 'serviceRecordId');
    }
    const closed = closeDefects(
      ctx,
      vehicle,
      [args.id],
      {
        resolution: args.resolution,
        serviceRecordId: args.resolution === 'service' ? args.serviceRecordId : null,
        note: args.note ?? null,
      },
      'id',
    );
    if (!closed.ok) return closed;
    const [defect] = closed.defects;
    const changes: RowChange[] = closed.defects.map((row) => put('vehicle_defects', row as Row));
    if (closed.status !== vehicle.status)
      changes.push(
        put('vehicles', { ...vehicle, status: closed.status, updatedAt: ctx.now } as Row),
      );
    return succeed(changes, { defect, status: closed.status });
  },
});
