/**
 * The records WA's crash towing law asks a towing business to keep (docs/compliance-wa.md): a
 * crash tow's Authority to Tow and what was recorded before loading, the vehicles in the storage
 * yard with every movement and visit, complaints, and notifiable occurrences.
 */
import { z } from 'zod';
import {
  ATT_AUTHORISERS,
  COLLECTOR_AUTHORITIES,
  COMPLAINT_CHANNELS,
  ID_DOCUMENT_TYPES,
  OCCURRENCE_KINDS,
} from '../constants/wa-towing';
import { fileFieldsSchema } from './field-record';
import {
  centsSchema,
  intIdSchema,
  invoiceIdSchema,
  isoDateTimeSchema,
  jobIdSchema,
} from './common';

const text = (max: number) => z.string().max(max);

/** One item of personal property found in a crashed vehicle. */
export const propertyItemSchema = z.object({
  /** Unique within the list, minted by the device that adds the item. */
  id: z.string().min(1).max(40),
  description: z.string().min(1).max(200),
  quantity: z.number().int().min(1).max(999),
  /** Where in the vehicle it was (glovebox, boot), or null. */
  where: text(100).nullable(),
});
export type PropertyItem = z.infer<typeof propertyItemSchema>;

/**
 * Table `crash_tows`: one per job marked a crash tow (its id is the job's). Holds the fields of
 * the approved Authority to Tow form, the dashboard camera reference and the personal property
 * list; the signatures and photos are the job's field record (job_signatures, job_photos).
 */
export const crashTowSchema = z.object({
  id: jobIdSchema,
  jobId: jobIdSchema,
  /** The serial number of the Department's approved paper form (T1) the details were copied to. */
  t1FormNumber: text(40).nullable(),
  authorisedBy: z.enum(ATT_AUTHORISERS).nullable(),
  authoriserName: text(100).nullable(),
  authoriserPhone: text(40).nullable(),
  authoriserEmail: text(254).nullable(),
  /** A police officer's rank, registered number and station. */
  officerRank: text(60).nullable(),
  officerNumber: text(40).nullable(),
  officerStation: text(100).nullable(),
  /** Main Roads staff: their staff number or position. */
  mainRoadsId: text(60).nullable(),
  vehicleRegistration: text(20).nullable(),
  vehicleMake: text(60).nullable(),
  vehicleModel: text(60).nullable(),
  vehicleColour: text(40).nullable(),
  crashLocation: text(200).nullable(),
  /** Where the vehicle is towed to, as the authoriser chose. */
  destination: text(200).nullable(),
  /** The charges, or their basis, as the form asks. */
  charges: text(500).nullable(),
  /** Which dashboard camera recorded the tow (the truck's unit). */
  dashcamCamera: text(100).nullable(),
  /** The recording's file name, or null when it is given by a time range. */
  dashcamFile: text(200).nullable(),
  dashcamFrom: isoDateTimeSchema.nullable(),
  dashcamTo: isoDateTimeSchema.nullable(),
  /** Checked when the vehicle held no personal property. */
  noProperty: z.boolean(),
  propertyItems: z.array(propertyItemSchema).max(100),
  /** When the towing worker recorded the vehicle loaded. */
  loadedAt: isoDateTimeSchema.nullable(),
  loadedBy: z.number().int().nullable(),
  /** An owner's override of the loading checks, with why. */
  overrideReason: text(500).nullable(),
  overrideBy: z.number().int().nullable(),
  overrideByName: text(100).nullable(),
  overrideAt: isoDateTimeSchema.nullable(),
  markedBy: z.number().int().nullable(),
  createdAt: isoDateTimeSchema,
  updatedAt: isoDateTimeSchema,
});
export type CrashTow = z.infer<typeof crashTowSchema>;

/** A stored vehicle's release: who collected it, on what proof and authority, and their signature. */
export const yardReleaseSchema = z
  .object({
    collectorName: z.string().min(1).max(100),
    documentType: z.enum(ID_DOCUMENT_TYPES),
    documentNumber: z.string().min(1).max(60),
    authority: z.enum(COLLECTOR_AUTHORITIES),
    /** The insurer, the repairer or the owner the collector acts for; their letter or claim number. */
    authorityDetail: text(200).nullable(),
    /** Points of identity documents seen, when the police's 100-point check applied. */
    identityPoints: z.number().int().min(0).max(500).nullable(),
    signedAt: isoDateTimeSchema,
  })
  .extend(fileFieldsSchema.shape);
export type YardRelease = z.infer<typeof yardReleaseSchema>;

/** Table `yard_vehicles`: a vehicle in the storage yard, from a job or booked in by hand. */
export const yardVehicleSchema = z.object({
  id: intIdSchema,
  jobId: jobIdSchema.nullable(),
  bay: z.string().min(1).max(20),
  timeIn: isoDateTimeSchema,
  registration: text(20).nullable(),
  make: text(60).nullable(),
  model: text(60).nullable(),
  colour: text(40).nullable(),
  ownerName: text(100).nullable(),
  ownerPhone: text(40).nullable(),
  ownerEmail: text(254).nullable(),
  policeHold: z.boolean(),
  insurerHold: z.boolean(),
  holdNote: text(300).nullable(),
  /** The personal property left in the vehicle, as listed when it came in. */
  property: text(1000).nullable(),
  /** The daily storage fee when the vehicle came in (constants STORAGE_PRICE_ITEM). */
  dailyFeeCents: centsSchema,
  status: z.enum(['stored', 'released']),
  /** When the towing and storage charges were paid; the release deadline counts from it. */
  paidAt: isoDateTimeSchema.nullable(),
  /** The invoice the storage was charged on when paid. */
  invoiceId: invoiceIdSchema.nullable(),
  /** Four business hours after `paidAt` (rules/business-hours.ts `releaseDeadline`). */
  releaseDueAt: isoDateTimeSchema.nullable(),
  releasedAt: isoDateTimeSchema.nullable(),
  releasedBy: z.number().int().nullable(),
  release: yardReleaseSchema.nullable(),
  createdAt: isoDateTimeSchema,
  updatedAt: isoDateTimeSchema,
});
export type YardVehicle = z.infer<typeof yardVehicleSchema>;

/** What happened to a stored vehicle: every movement and visit is one row, never edited. */
export const YARD_EVENT_KINDS = ['in', 'move', 'access', 'hold', 'payment', 'release'] as const;
export type YardEventKind = (typeof YARD_EVENT_KINDS)[number];

/** Table `yard_events`: who did what to a stored vehicle, and when (regs 11, 12). */
export const yardEventSchema = z.object({
  id: intIdSchema,
  yardVehicleId: intIdSchema,
  kind: z.enum(YARD_EVENT_KINDS),
  /** When it happened (the device's time of the step). */
  at: isoDateTimeSchema,
  /** The staff member who did it or let the visitor in. */
  byUser: z.number().int().nullable(),
  byName: text(100),
  fromBay: text(20).nullable(),
  toBay: text(20).nullable(),
  /** Why the vehicle was moved, or what the visit was for. */
  reason: text(300).nullable(),
  /** The visitor's name and the identity document they showed (a property visit). */
  visitorName: text(100).nullable(),
  visitorDocument: text(100).nullable(),
  /** What was taken from the vehicle on a property visit. */
  itemsTaken: text(500).nullable(),
  detail: text(500).nullable(),
  createdAt: isoDateTimeSchema,
});
export type YardEvent = z.infer<typeof yardEventSchema>;

/** Table `complaints`: the register of complaints (reg 16), from the public page or staff. */
export const complaintSchema = z.object({
  id: intIdSchema,
  receivedAt: isoDateTimeSchema,
  channel: z.enum(COMPLAINT_CHANNELS),
  name: z.string().min(1).max(100),
  phone: text(40).nullable(),
  email: text(254).nullable(),
  /** The job or vehicle it is about, as the complainant gave it. */
  reference: text(100).nullable(),
  details: z.string().min(1).max(4000),
  acknowledgedAt: isoDateTimeSchema.nullable(),
  acknowledgedBy: text(100).nullable(),
  investigatedAt: isoDateTimeSchema.nullable(),
  findings: text(4000).nullable(),
  resolvedAt: isoDateTimeSchema.nullable(),
  outcome: text(4000).nullable(),
  createdAt: isoDateTimeSchema,
  updatedAt: isoDateTimeSchema,
});
export type Complaint = z.infer<typeof complaintSchema>;

/** Table `occurrences`: notifiable occurrences (regs 14, 29) and their report to the Department. */
export const occurrenceSchema = z.object({
  id: intIdSchema,
  jobId: jobIdSchema.nullable(),
  kind: z.enum(OCCURRENCE_KINDS),
  occurredAt: isoDateTimeSchema,
  /** When the business learned of it: the report time counts from here. */
  awareAt: isoDateTimeSchema,
  description: z.string().min(1).max(2000),
  recordedBy: text(100),
  reportedAt: isoDateTimeSchema.nullable(),
  /** The Department's reference, or how it was reported. */
  reportReference: text(200).nullable(),
  createdAt: isoDateTimeSchema,
  updatedAt: isoDateTimeSchema,
});
export type Occurrence = z.infer<typeof occurrenceSchema>;
