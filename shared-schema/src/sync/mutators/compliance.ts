/**
 * The complaints register (regs 15, 16) and notifiable occurrences (regs 14, 29), kept by staff
 * offline like every other record: a complaint received by phone, each stage of the procedure
 * as it is done, and an occurrence with its report to the Department. Nothing here deletes.
 */
import { z } from 'zod';
import {
  COMPLAINT_CHANNELS,
  OCCURRENCE_KINDS,
  type ComplaintStage,
} from '../../constants/wa-towing';
import { complaintInputSchema } from '../../api/compliance';
import { isoDateTimeSchema } from '../../entities/common';
import type { Complaint, Occurrence } from '../../entities/wa-towing';
import { canRecordComplaintStage } from '../../rules/complaints';
import { WA_TOWING_MESSAGES } from '../../wa-towing-messages';
import { defineMutator, occurredAt, put, readOne, reject, succeed } from '../mutator';
import type { Row } from '../mutator';
import { leasedIdSchema, textIdSchema } from './common';

/** `complaint.record`: a complaint staff received (by phone, email, in person or by letter). */
export const complaintRecord = defineMutator({
  name: 'complaint.record',
  argsSchema: complaintInputSchema.safeExtend({
    id: leasedIdSchema,
    channel: z.enum(COMPLAINT_CHANNELS),
    receivedAt: isoDateTimeSchema.optional(),
  }),
  reads: (args) => [{ key: 'complaint', entity: 'complaints' as const, id: args.id }],
  apply(ctx, args) {
    if (readOne(ctx, 'complaint'))
      return reject('conflict', `Complaint ${args.id} already exists`, 'id');
    const complaint = newComplaint(args, {
      receivedAt: args.receivedAt ? new Date(args.receivedAt).toISOString() : occurredAt(ctx),
      now: ctx.now,
    });
    return succeed([put('complaints', complaint as Row)], { complaint });
  },
});

/** A new complaint row, as staff record it or the public page sends it. */
export function newComplaint(
  input: {
    id: number;
    channel: Complaint['channel'];
    name: string;
    phone: string | null;
    email: string | null;
    reference: string | null;
    details: string;
  },
  times: { receivedAt: string; now: string },
): Complaint {
  return {
    id: input.id,
    receivedAt: times.receivedAt,
    channel: input.channel,
    name: input.name,
    phone: input.phone,
    email: input.email,
    reference: input.reference,
    details: input.details,
    acknowledgedAt: null,
    acknowledgedBy: null,
    investigatedAt: null,
    findings: null,
    resolvedAt: null,
    outcome: null,
    createdAt: times.now,
    updatedAt: times.now,
  };
}

const stageNote = z.string().trim().min(2, { error: 'Write what was found or decided' }).max(4000);

/**
 * `complaint.advance`: one stage of the procedure done, in order: acknowledged (by whom),
 * investigated (the findings), resolved (the outcome told to the complainant).
 */
export const complaintAdvance = defineMutator({
  name: 'complaint.advance',
  argsSchema: z.discriminatedUnion('stage', [
    z.object({
      id: leasedIdSchema,
      stage: z.literal('acknowledged'),
      by: z.string().trim().min(1).max(100),
    }),
    z.object({ id: leasedIdSchema, stage: z.literal('investigated'), findings: stageNote }),
    z.object({ id: leasedIdSchema, stage: z.literal('resolved'), outcome: stageNote }),
  ]),
  reads: (args) => [{ key: 'complaint', entity: 'complaints' as const, id: args.id }],
  apply(ctx, args) {
    const complaint = readOne<Complaint>(ctx, 'complaint');
    if (!complaint) return reject('not_found', WA_TOWING_MESSAGES.COMPLAINT_NOT_FOUND, 'id');
    const stage: ComplaintStage = args.stage;
    if (!canRecordComplaintStage(complaint, stage))
      return reject('invalid_state', WA_TOWING_MESSAGES.COMPLAINT_STAGE_ORDER, 'stage');
    const at = occurredAt(ctx);
    const updated: Complaint =
      args.stage === 'acknowledged'
        ? { ...complaint, acknowledgedAt: at, acknowledgedBy: args.by, updatedAt: ctx.now }
        : args.stage === 'investigated'
          ? { ...complaint, investigatedAt: at, findings: args.findings, updatedAt: ctx.now }
          : { ...complaint, resolvedAt: at, outcome: args.outcome, updatedAt: ctx.now };
    return succeed([put('complaints', updated as Row)], { complaint: updated });
  },
});

/** `occurrence.record`: a notifiable occurrence, its report time counted from when it was known. */
export const occurrenceRecord = defineMutator({
  name: 'occurrence.record',
  argsSchema: z.object({
    id: leasedIdSchema,
    jobId: textIdSchema('JOB').nullable().default(null),
    kind: z.enum(OCCURRENCE_KINDS),
    occurredAt: isoDateTimeSchema,
    awareAt: isoDateTimeSchema.optional(),
    description: z.string().trim().min(5, { error: 'Describe what happened' }).max(2000),
    recordedBy: z.string().trim().min(1).max(100),
  }),
  reads: (args) => [{ key: 'occurrence', entity: 'occurrences' as const, id: args.id }],
  apply(ctx, args) {
    if (readOne(ctx, 'occurrence'))
      return reject('conflict', `Occurrence ${args.id} already exists`, 'id');
    const occurrence: Occurrence = {
      id: args.id,
      jobId: args.jobId,
      kind: args.kind,
      occurredAt: new Date(args.occurredAt).toISOString(),
      awareAt: args.awareAt ? new Date(args.awareAt).toISOString() : occurredAt(ctx),
      description: args.description,
      recordedBy: args.recordedBy,
      reportedAt: null,
      reportReference: null,
      createdAt: ctx.now,
      updatedAt: ctx.now,
    };
    return succeed([put('occurrences', occurrence as Row)], { occurrence });
  },
});

/** `occurrence.reported`: the report to the Department made, with its reference. */
export const occurrenceReported = defineMutator({
  name: 'occurrence.reported',
  argsSchema: z.object({
    id: leasedIdSchema,
    reportReference: z
      .string()
      .trim()
      .min(1, { error: 'Enter the reference or how it was reported' })
      .max(200),
    reportedAt: isoDateTimeSchema.optional(),
  }),
  reads: (args) => [{ key: 'occurrence', entity: 'occurrences' as const, id: args.id }],
  apply(ctx, args) {
    const occurrence = readOne<Occurrence>(ctx, 'occurrence');
    if (!occurrence) return reject('not_found', WA_TOWING_MESSAGES.OCCURRENCE_NOT_FOUND, 'id');
    if (occurrence.reportedAt !== null)
      return reject('invalid_state', WA_TOWING_MESSAGES.OCCURRENCE_REPORTED, 'id');
    const updated: Occurrence = {
      ...occurrence,
      reportedAt: args.reportedAt ? new Date(args.reportedAt).toISOString() : occurredAt(ctx),
      reportReference: args.reportReference,
      updatedAt: ctx.now,
    };
    return succeed([put('occurrences', updated as Row)], { occurrence: updated });
  },
});
