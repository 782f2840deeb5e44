/**
 * Crash tows (WA's Towing Services Regulations 2025): a job marked a crash tow carries the
 * Authority to Tow's fields, the dashboard camera reference and the personal property list
 * (`crash_tows`, one row per job); its photos and signatures are the job's field record. The
 * vehicle is recorded loaded only once nothing is missing (rules/crash-tow.ts), or after an
 * owner's override with its reason; `job.complete` refuses a crash tow not past loading.
 */
import { z } from 'zod';
import { ATT_AUTHORISERS } from '../../constants/wa-towing';
import { MESSAGES } from '../../messages';
import { WA_TOWING_MESSAGES } from '../../wa-towing-messages';
import { isoDateTimeSchema } from '../../entities/common';
import { propertyItemSchema, type CrashTow } from '../../entities/wa-towing';
import { crashTowGaps, newCrashTow } from '../../rules/crash-tow';
import { defineMutator, occurredAt, put, readMany, readOne, reject, succeed } from '../mutator';
import type { Row } from '../mutator';
import { jobUpdate, leasedIdSchema } from './common';
import type { Job } from './deps';
import { eventTime, jobIdSchema, readJobWithHistory } from './job-context';

const CRASH_TOW_KEY = 'crashTow';

/** A free text field of the form: trimmed, empty meaning "not given" (null). */
function formText(max: number) {
  return z
    .string()
    .trim()
    .max(max)
    .transform((value) => (value === '' ? null : value))
    .nullable()
    .optional();
}

/** The fields a driver fills in, each optional in one save (absent keeps what is there). */
export const crashTowPatchSchema = z
  .object({
    t1FormNumber: formText(40),
    authorisedBy: z.enum(ATT_AUTHORISERS).nullable().optional(),
    authoriserName: formText(100),
    authoriserPhone: formText(40),
    authoriserEmail: z
      .union([z.literal(''), z.email({ error: MESSAGES.EMAIL_INVALID })])
      .transform((value) => (value === '' ? null : value))
      .nullable()
      .optional(),
    officerRank: formText(60),
    officerNumber: formText(40),
    officerStation: formText(100),
    mainRoadsId: formText(60),
    vehicleRegistration: formText(20),
    vehicleMake: formText(60),
    vehicleModel: formText(60),
    vehicleColour: formText(40),
    crashLocation: formText(200),
    destination: formText(200),
    charges: formText(500),
    dashcamCamera: formText(100),
    dashcamFile: formText(200),
    dashcamFrom: isoDateTimeSchema.nullable().optional(),
    dashcamTo: isoDateTimeSchema.nullable().optional(),
    noProperty: z.boolean().optional(),
    propertyItems: z.array(propertyItemSchema).max(100).optional(),
  })
  .refine(
    (patch) =>
      !patch.dashcamFrom ||
      !patch.dashcamTo ||
      Date.parse(patch.dashcamFrom) <= Date.parse(patch.dashcamTo),
    { error: 'The recording ends before it starts', path: ['dashcamTo'] },
  );

/** What may still change once the vehicle is loaded: the recording's reference and the form's number. */
const AFTER_LOADING: readonly string[] = [
  't1FormNumber',
  'dashcamCamera',
  'dashcamFile',
  'dashcamFrom',
  'dashcamTo',
];

function readCrashTow(args: { jobId: string }) {
  return [
    ...readJobWithHistory({ id: args.jobId }),
    { key: CRASH_TOW_KEY, entity: 'crash_tows' as const, id: args.jobId },
  ];
}

/** `crashTow.mark`: marks a job a crash tow, opening its empty record. */
export const crashTowMark = defineMutator({
  name: 'crashTow.mark',
  argsSchema: z.object({ jobId: jobIdSchema }),
  reads: (args) => readCrashTow(args),
  apply(ctx) {
    const job = readOne<Job>(ctx, 'job');
    if (!job) return reject('not_found', MESSAGES.JOB_NOT_FOUND, 'jobId');
    if (readOne(ctx, CRASH_TOW_KEY))
      return reject('conflict', WA_TOWING_MESSAGES.CRASH_TOW_EXISTS, 'jobId');
    const tow = newCrashTow(job.id, {
      crashLocation: job.location,
      markedBy: typeof ctx.userId === 'number' ? ctx.userId : null,
      now: occurredAt(ctx),
    });
    return succeed([put('crash_tows', tow as Row)], { crashTow: tow });
  },
});

/**
 * `crashTow.save`: the Authority to Tow's fields, the dashcam reference and the property list as
 * the driver fills them in, offline, a part at a time. Once the vehicle is loaded only the
 * recording's reference and the paper form's number may still be added.
 */
export const crashTowSave = defineMutator({
  name: 'crashTow.save',
  argsSchema: z.object({ jobId: jobIdSchema, patch: crashTowPatchSchema }),
  reads: (args) => readCrashTow(args),
  apply(ctx, args) {
    if (!readOne<Job>(ctx, 'job')) return reject('not_found', MESSAGES.JOB_NOT_FOUND, 'jobId');
    const tow = readOne<CrashTow>(ctx, CRASH_TOW_KEY);
    if (!tow) return reject('not_found', WA_TOWING_MESSAGES.CRASH_TOW_NOT_FOUND, 'jobId');
    const patch = Object.fromEntries(
      Object.entries(args.patch).filter(([, value]) => value !== undefined),
    );
    if (tow.loadedAt !== null) {
      const late = Object.keys(patch).find((key) => !AFTER_LOADING.includes(key));
      if (late) return reject('invalid_state', WA_TOWING_MESSAGES.ALREADY_LOADED, `patch.${late}`);
    }
    const updated: CrashTow = { ...tow, ...patch, updatedAt: ctx.now };
    return succeed([put('crash_tows', updated as Row)], { crashTow: updated });
  },
});

/**
 * `crashTow.markLoaded`: the towing worker records the vehicle loaded. Refused while anything
 * the Regulations ask for before loading is missing (the first gap is the message, every gap in
 * the result's `gaps`), unless an owner has overridden the checks.
 */
export const crashTowMarkLoaded = defineMutator({
  name: 'crashTow.markLoaded',
  argsSchema: z.object({ jobId: jobIdSchema, updateId: leasedIdSchema }),
  reads: (args) => [
    ...readCrashTow(args),
    { key: 'photos', entity: 'job_photos' as const, where: { jobId: args.jobId } },
    { key: 'signatures', entity: 'job_signatures' as const, where: { jobId: args.jobId } },
  ],
  apply(ctx, args) {
    const job = readOne<Job>(ctx, 'job');
    if (!job) return reject('not_found', MESSAGES.JOB_NOT_FOUND, 'jobId');
    const tow = readOne<CrashTow>(ctx, CRASH_TOW_KEY);
    if (!tow) return reject('not_found', WA_TOWING_MESSAGES.CRASH_TOW_NOT_FOUND, 'jobId');
    if (tow.loadedAt !== null) return succeed([], { crashTow: tow });
    const gaps = crashTowGaps(
      tow,
      readMany<{ stage: string; subject?: string | null }>(ctx, 'photos'),
      readMany<{ document: string }>(ctx, 'signatures'),
    );
    if (gaps.length > 0 && tow.overrideAt === null) {
      return reject(
        'invalid_state',
        `${WA_TOWING_MESSAGES.NOT_READY_TO_LOAD}: ${gaps.map((gap) => gap.message).join('; ')}`,
        'jobId',
      );
    }
    const at = eventTime(ctx);
    const loaded: CrashTow = {
      ...tow,
      loadedAt: at,
      loadedBy: typeof ctx.userId === 'number' ? ctx.userId : null,
      updatedAt: ctx.now,
    };
    const message =
      gaps.length > 0 ? 'Vehicle loaded (checks overridden by an owner)' : 'Vehicle loaded';
    return succeed(
      [put('crash_tows', loaded as Row), jobUpdate(args.updateId, job.id, job.status, message, at)],
      { crashTow: loaded },
    );
  },
});

/**
 * `crashTow.override`: an owner lets a crash tow past loading without every item (a vehicle on
 * fire, a police direction to clear the road), recording who and why in the job's history.
 */
export const crashTowOverride = defineMutator({
  name: 'crashTow.override',
  argsSchema: z.object({
    jobId: jobIdSchema,
    updateId: leasedIdSchema,
    reason: z
      .string({ error: WA_TOWING_MESSAGES.OVERRIDE_REASON_REQUIRED })
      .trim()
      .min(5, { error: WA_TOWING_MESSAGES.OVERRIDE_REASON_REQUIRED })
      .max(500),
    byName: z.string().trim().min(1).max(100),
  }),
  reads: (args) => readCrashTow(args),
  apply(ctx, args) {
    const job = readOne<Job>(ctx, 'job');
    if (!job) return reject('not_found', MESSAGES.JOB_NOT_FOUND, 'jobId');
    const tow = readOne<CrashTow>(ctx, CRASH_TOW_KEY);
    if (!tow) return reject('not_found', WA_TOWING_MESSAGES.CRASH_TOW_NOT_FOUND, 'jobId');
    const at = eventTime(ctx);
    const overridden: CrashTow = {
      ...tow,
      overrideReason: args.reason,
      overrideBy: typeof ctx.userId === 'number' ? ctx.userId : null,
      overrideByName: args.byName,
      overrideAt: at,
      updatedAt: ctx.now,
    };
    return succeed(
      [
        put('crash_tows', overridden as Row),
        jobUpdate(
          args.updateId,
          job.id,
          job.status,
          `Crash tow checks overridden by ${args.byName}: ${args.reason}`,
          at,
        ),
      ],
      { crashTow: overridden },
    );
  },
});
