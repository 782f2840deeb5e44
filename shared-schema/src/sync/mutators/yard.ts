/**
 * The storage yard (Act ss. 15, 16; regs 10-12): a vehicle booked in from a job or by hand, every
 * move and every visit to get property back recorded with who and when (`yard_events`, one row
 * each, never edited), the owner's payment of the charges (the accrued storage charged on an
 * invoice, which starts the four-business-hour release deadline) and the release to a collector
 * whose identity, authority and signature are recorded. All of it works offline: the owners run
 * the yard from a phone.
 */
import { z } from 'zod';
import {
  COLLECTOR_AUTHORITIES,
  ID_DOCUMENT_TYPES,
  STORAGE_PRICE_ITEM,
} from '../../constants/wa-towing';
import { RECORDABLE_PAYMENT_METHODS } from '../../constants/statuses';
import { MESSAGES } from '../../messages';
import { WA_TOWING_MESSAGES } from '../../wa-towing-messages';
import { fileFieldsSchema } from '../../entities/field-record';
import { invoiceIdSchema, isoDateTimeSchema } from '../../entities/common';
import type { CrashTow, YardEvent, YardEventKind, YardVehicle } from '../../entities/wa-towing';
import type { Payment } from '../../entities/payment';
import { applyPayment } from '../../documents/invoice';
import { releaseDeadline } from '../../rules/business-hours';
import { mayPassLoading } from '../../rules/crash-tow';
import { storageInvoice, yardReleaseRefusal } from '../../rules/yard';
import { defineMutator, occurredAt, put, readMany, readOne, reject, succeed } from '../mutator';
import type { MutationContext, Row } from '../mutator';
import { leasedIdSchema, textIdSchema } from './common';
import type { Job } from './deps';

const VEHICLE_KEY = 'vehicle';

const optional = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .transform((value) => (value === '' ? null : value))
    .nullable()
    .default(null);

const bay = z.string().trim().min(1, { error: 'Enter the bay' }).max(20);
const byName = z.string().trim().min(1).max(100);

/** Every yard step names the vehicle, the new event's id and who did it. */
const stepSchema = z.object({ id: leasedIdSchema, eventId: leasedIdSchema, byName });

function readVehicle(args: { id: number; eventId: number }) {
  return [
    { key: VEHICLE_KEY, entity: 'yard_vehicles' as const, id: args.id },
    { key: 'event', entity: 'yard_events' as const, id: args.eventId },
  ];
}

/** The event row of a step. */
function yardEvent(
  ctx: MutationContext,
  args: { id: number; eventId: number; byName: string },
  kind: YardEventKind,
  fields: Partial<
    Pick<
      YardEvent,
      'fromBay' | 'toBay' | 'reason' | 'visitorName' | 'visitorDocument' | 'itemsTaken' | 'detail'
    >
  >,
): YardEvent {
  return {
    id: args.eventId,
    yardVehicleId: args.id,
    kind,
    at: occurredAt(ctx),
    byUser: typeof ctx.userId === 'number' ? ctx.userId : null,
    byName: args.byName,
    fromBay: null,
    toBay: null,
    reason: null,
    visitorName: null,
    visitorDocument: null,
    itemsTaken: null,
    detail: null,
    ...fields,
    createdAt: ctx.now,
  };
}

/** The stored vehicle of a step, or the rejection: unknown, released already, or its event id taken. */
function stepTarget(ctx: MutationContext): YardVehicle | ReturnType<typeof reject> {
  const vehicle = readOne<YardVehicle>(ctx, VEHICLE_KEY);
  if (!vehicle) return reject('not_found', WA_TOWING_MESSAGES.YARD_VEHICLE_NOT_FOUND, 'id');
  if (readOne(ctx, 'event')) return reject('conflict', 'That yard event already exists', 'eventId');
  if (vehicle.status === 'released')
    return reject('invalid_state', WA_TOWING_MESSAGES.YARD_RELEASED, 'id');
  return vehicle;
}

function isRejection(value: unknown): value is ReturnType<typeof reject> {
  return typeof value === 'object' && value !== null && (value as { ok?: unknown }).ok === false;
}

/**
 * `yard.bookIn`: a vehicle into storage, from a job (a crash tow only once past loading; one
 * stay per job at a time) or booked in by hand (a vehicle the police or another tower left).
 */
export const yardBookIn = defineMutator({
  name: 'yard.bookIn',
  argsSchema: stepSchema.extend({
    jobId: textIdSchema('JOB').nullable().default(null),
    bay,
    timeIn: isoDateTimeSchema.optional(),
    registration: optional(20),
    make: optional(60),
    model: optional(60),
    colour: optional(40),
    ownerName: optional(100),
    ownerPhone: optional(40),
    ownerEmail: z
      .union([z.literal(''), z.email({ error: MESSAGES.EMAIL_INVALID })])
      .transform((value) => (value === '' ? null : value))
      .nullable()
      .default(null),
    policeHold: z.boolean().default(false),
    insurerHold: z.boolean().default(false),
    holdNote: optional(300),
    property: optional(1000),
  }),
  reads: (args) => [
    ...readVehicle(args),
    ...(args.jobId
      ? [
          { key: 'job', entity: 'jobs' as const, id: args.jobId },
          { key: 'crashTow', entity: 'crash_tows' as const, id: args.jobId },
          {
            key: 'stays',
            entity: 'yard_vehicles' as const,
            where: { jobId: args.jobId, status: 'stored' },
          },
        ]
      : []),
  ],
  apply(ctx, args) {
    if (readOne(ctx, VEHICLE_KEY))
      return reject('conflict', `Yard vehicle ${args.id} already exists`, 'id');
    if (args.jobId) {
      if (!readOne<Job>(ctx, 'job')) return reject('not_found', MESSAGES.JOB_NOT_FOUND, 'jobId');
      const tow = readOne<CrashTow>(ctx, 'crashTow');
      if (tow && !mayPassLoading(tow))
        return reject('invalid_state', WA_TOWING_MESSAGES.YARD_NOT_LOADED, 'jobId');
      if (readMany(ctx, 'stays').length > 0)
        return reject('conflict', WA_TOWING_MESSAGES.YARD_JOB_IN_YARD, 'jobId');
    }
    const timeIn = args.timeIn ? new Date(args.timeIn).toISOString() : occurredAt(ctx);
    const vehicle: YardVehicle = {
      id: args.id,
      jobId: args.jobId,
      bay: args.bay,
      timeIn,
      registration: args.registration,
      make: args.make,
      model: args.model,
      colour: args.colour,
      ownerName: args.ownerName,
      ownerPhone: args.ownerPhone,
      ownerEmail: args.ownerEmail,
      policeHold: args.policeHold,
      insurerHold: args.insurerHold,
      holdNote: args.holdNote,
      property: args.property,
      dailyFeeCents: STORAGE_PRICE_ITEM.unitPriceCents,
      status: 'stored',
      paidAt: null,
      invoiceId: null,
      releaseDueAt: null,
      releasedAt: null,
      releasedBy: null,
      release: null,
      createdAt: ctx.now,
      updatedAt: ctx.now,
    };
    const event = {
      ...yardEvent(ctx, args, 'in', {
        toBay: args.bay,
        detail: args.jobId ? `From job ${args.jobId}` : 'Booked in by hand',
      }),
      at: timeIn,
    };
    return succeed([put('yard_vehicles', vehicle as Row), put('yard_events', event as Row)], {
      vehicle,
    });
  },
});

/** `yard.move`: a stored vehicle moved to another bay, with why (reg 11). */
export const yardMove = defineMutator({
  name: 'yard.move',
  argsSchema: stepSchema.extend({
    toBay: bay,
    reason: z.string().trim().min(1, { error: 'Say why the vehicle was moved' }).max(300),
  }),
  reads: (args) => readVehicle(args),
  apply(ctx, args) {
    const vehicle = stepTarget(ctx);
    if (isRejection(vehicle)) return vehicle;
    if (vehicle.bay === args.toBay)
      return reject('invalid_state', WA_TOWING_MESSAGES.YARD_SAME_BAY, 'toBay');
    const moved: YardVehicle = { ...vehicle, bay: args.toBay, updatedAt: ctx.now };
    const event = yardEvent(ctx, args, 'move', {
      fromBay: vehicle.bay,
      toBay: args.toBay,
      reason: args.reason,
    });
    return succeed([put('yard_vehicles', moved as Row), put('yard_events', event as Row)], {
      vehicle: moved,
    });
  },
});

/** `yard.access`: someone let in to the vehicle to get their property back, and what they took (reg 12). */
export const yardAccess = defineMutator({
  name: 'yard.access',
  argsSchema: stepSchema.extend({
    visitorName: z.string().trim().min(1, { error: 'Enter the visitor’s name' }).max(100),
    visitorDocument: z
      .string()
      .trim()
      .min(1, { error: 'Enter the identity document the visitor showed' })
      .max(100),
    reason: optional(300),
    itemsTaken: optional(500),
  }),
  reads: (args) => readVehicle(args),
  apply(ctx, args) {
    const vehicle = stepTarget(ctx);
    if (isRejection(vehicle)) return vehicle;
    const event = yardEvent(ctx, args, 'access', {
      visitorName: args.visitorName,
      visitorDocument: args.visitorDocument,
      reason: args.reason,
      itemsTaken: args.itemsTaken,
    });
    const updated: YardVehicle = { ...vehicle, updatedAt: ctx.now };
    return succeed([put('yard_vehicles', updated as Row), put('yard_events', event as Row)], {
      vehicle: updated,
    });
  },
});

/** `yard.setHolds`: a police or insurer hold placed or lifted. */
export const yardSetHolds = defineMutator({
  name: 'yard.setHolds',
  argsSchema: stepSchema.extend({
    policeHold: z.boolean(),
    insurerHold: z.boolean(),
    holdNote: optional(300),
  }),
  reads: (args) => readVehicle(args),
  apply(ctx, args) {
    const vehicle = stepTarget(ctx);
    if (isRejection(vehicle)) return vehicle;
    const updated: YardVehicle = {
      ...vehicle,
      policeHold: args.policeHold,
      insurerHold: args.insurerHold,
      holdNote: args.holdNote,
      updatedAt: ctx.now,
    };
    const holds = [args.policeHold && 'police', args.insurerHold && 'insurer'].filter(Boolean);
    const event = yardEvent(ctx, args, 'hold', {
      detail: holds.length > 0 ? `Holds: ${holds.join(', ')}` : 'Holds lifted',
      reason: args.holdNote,
    });
    return succeed([put('yard_vehicles', updated as Row), put('yard_events', event as Row)], {
      vehicle: updated,
    });
  },
});

/**
 * `yard.recordPayment`: the owner records the towing and storage charges paid. The storage is
 * charged on an invoice (every Perth day from the day in to the day paid, at the vehicle's daily
 * fee, with the towing charges paid with it), paid in full by the payment, and the release
 * deadline is set four business hours on (Act s. 15).
 */
export const yardRecordPayment = defineMutator({
  name: 'yard.recordPayment',
  argsSchema: stepSchema.extend({
    invoiceId: invoiceIdSchema,
    paymentId: leasedIdSchema,
    method: z.enum(RECORDABLE_PAYMENT_METHODS, { error: MESSAGES.PAYMENT_METHOD_INVALID }),
    reference: optional(100),
    /** Towing charges paid together with the storage, in cents (0 when invoiced apart). */
    towingCents: z.number().int().min(0).max(10_000_000).default(0),
    /** When the money arrived; default the time of recording. */
    paidAt: isoDateTimeSchema.optional(),
  }),
  reads: (args) => [
    ...readVehicle(args),
    { key: 'invoice', entity: 'invoices' as const, id: args.invoiceId },
    { key: 'payment', entity: 'payments' as const, id: args.paymentId },
  ],
  apply(ctx, args) {
    const vehicle = stepTarget(ctx);
    if (isRejection(vehicle)) return vehicle;
    if (vehicle.paidAt !== null)
      return reject('invalid_state', WA_TOWING_MESSAGES.YARD_ALREADY_PAID, 'id');
    if (readOne(ctx, 'invoice'))
      return reject('conflict', `Invoice ${args.invoiceId} already exists`, 'invoiceId');
    if (readOne<Payment>(ctx, 'payment'))
      return reject('conflict', MESSAGES.PAYMENT_EXISTS, 'paymentId');
    const paidAt = args.paidAt ? new Date(args.paidAt).toISOString() : occurredAt(ctx);
    const invoice = storageInvoice({
      id: args.invoiceId,
      vehicle,
      paidAt,
      towingCents: args.towingCents,
      now: occurredAt(ctx),
    });
    const settled = applyPayment(
      invoice,
      [],
      {
        id: args.paymentId,
        invoiceId: invoice.id,
        amount: invoice.amount,
        kind: 'payment',
        method: args.method,
        reference: args.reference,
        paidAt,
        stripePaymentIntentId: null,
        recordedBy: typeof ctx.userId === 'number' ? ctx.userId : null,
        createdAt: ctx.now,
      },
      ctx.now,
    );
    if (!settled.ok) return reject(settled.code, settled.message, settled.field);
    const paid: YardVehicle = {
      ...vehicle,
      paidAt,
      invoiceId: invoice.id,
      releaseDueAt: releaseDeadline(paidAt),
      updatedAt: ctx.now,
    };
    const event = yardEvent(ctx, args, 'payment', {
      detail: `Charges paid (${args.method}), invoice ${invoice.id}`,
    });
    return succeed(
      [
        put('invoices', settled.invoice as Row),
        put('payments', settled.payment as Row),
        put('yard_vehicles', paid as Row),
        put('yard_events', event as Row),
      ],
      { vehicle: paid, invoice: settled.invoice },
    );
  },
});

/**
 * `yard.release`: the vehicle handed to its collector, whose identity document, authority and
 * signature are recorded; refused while the charges are unpaid, a hold stands, or a police hold's
 * 100-point identity check is not met (rules/yard.ts).
 */
export const yardRelease = defineMutator({
  name: 'yard.release',
  argsSchema: stepSchema
    .extend({
      collectorName: z.string().trim().min(1, { error: 'Enter the collector’s name' }).max(100),
      documentType: z.enum(ID_DOCUMENT_TYPES, { error: 'Choose the identity document' }),
      documentNumber: z.string().trim().min(1, { error: 'Enter the document’s number' }).max(60),
      authority: z.enum(COLLECTOR_AUTHORITIES, { error: 'Choose the collector’s authority' }),
      authorityDetail: optional(200),
      identityPoints: z.number().int().min(0).max(500).nullable().default(null),
      signedAt: isoDateTimeSchema,
    })
    .extend(fileFieldsSchema.shape)
    .refine((args) => args.mimeType === 'image/png', {
      error: 'A signature is stored as a PNG',
      path: ['mimeType'],
    }),
  reads: (args) => readVehicle(args),
  apply(ctx, args) {
    const vehicle = readOne<YardVehicle>(ctx, VEHICLE_KEY);
    if (!vehicle) return reject('not_found', WA_TOWING_MESSAGES.YARD_VEHICLE_NOT_FOUND, 'id');
    if (readOne(ctx, 'event'))
      return reject('conflict', 'That yard event already exists', 'eventId');
    const refused = yardReleaseRefusal(vehicle, args);
    if (refused) return reject('invalid_state', refused.message, refused.field);
    const at = occurredAt(ctx);
    const released: YardVehicle = {
      ...vehicle,
      status: 'released',
      releasedAt: at,
      releasedBy: typeof ctx.userId === 'number' ? ctx.userId : null,
      release: {
        collectorName: args.collectorName,
        documentType: args.documentType,
        documentNumber: args.documentNumber,
        authority: args.authority,
        authorityDetail: args.authorityDetail,
        identityPoints: args.identityPoints,
        signedAt: args.signedAt,
        contentHash: args.contentHash,
        size: args.size,
        width: args.width,
        height: args.height,
        mimeType: args.mimeType,
      },
      updatedAt: ctx.now,
    };
    const event = yardEvent(ctx, args, 'release', {
      fromBay: vehicle.bay,
      visitorName: args.collectorName,
      visitorDocument: `${args.documentType} ${args.documentNumber}`,
      detail: `Released to ${args.collectorName} (${args.authority})`,
    });
    return succeed([put('yard_vehicles', released as Row), put('yard_events', event as Row)], {
      vehicle: released,
    });
  },
});
