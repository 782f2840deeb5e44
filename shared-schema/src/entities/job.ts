import { z } from 'zod';
import { JOB_STATUSES } from '../constants/statuses';
import {
  accountWorkFields,
  documentNumberSchema,
  intIdSchema,
  isoDateTimeSchema,
  jobIdSchema,
} from './common';

/** A job status value. */
export const jobStatusSchema = z.enum(JOB_STATUSES);

/** Table `jobs`. Optional text columns are null when unset. */
export const jobSchema = z.object({
  id: jobIdSchema,
  /** The job number customers are told (`JOB-2026-12`), given by the server in issue order. */
  number: documentNumberSchema('job'),
  customerName: z.string(),
  phone: z.string(),
  email: z.string().nullable(),
  /** Default 'Assigned'. */
  status: jobStatusSchema,
  service: z.string(),
  location: z.string(),
  /** Free text such as '30-45 minutes'. */
  estimatedArrival: z.string().nullable(),
  /** 0-100, default 0. */
  progress: z.number().int().min(0).max(100),
  /** Who the job is with, as people read it: a driver's name, `Both`, or null. */
  assignedTo: z.string().nullable(),
  /**
   * The driver's account the job is assigned to, null when it is with nobody in particular
   * (unassigned, `Both`): what decides which driver sees it (rules/roles.ts). Absent in a
   * device's copy of a row synced before the column existed.
   */
  assignedDriverId: intIdSchema.nullable().optional(),
  notes: z.string().nullable(),
  /**
   * The vehicle the job goes out on, null until an admin picks one; absent in a
   * device's copy of a row synced before the column existed.
   */
  vehicleId: intIdSchema.nullable().optional(),
  /**
   * The customer's tracking token (rules/tracking.ts). The server sets one on every row it
   * stores; null only in a device's copy of a row synced before tokens existed.
   */
  trackingToken: z.string().nullable(),
  /**
   * When the job was archived: hidden from the active list, kept with its history,
   * photos and signatures for reports. Null or absent for a job in use.
   */
  archivedAt: isoDateTimeSchema.nullable().optional(),
  ...accountWorkFields,
  /**
   * What was decided when the job was opened while its account was on credit hold (over its
   * limit, or an invoice 30+ days overdue): who went ahead, and why. Null when there was no hold.
   */
  creditHoldNote: z.string().nullable().optional(),
  /** Why the job was cancelled, as the customer is told; null for a job not cancelled. */
  cancelReason: z.string().nullable().optional(),
  createdAt: isoDateTimeSchema,
  updatedAt: isoDateTimeSchema,
});
/** A stored job. */
export type Job = z.infer<typeof jobSchema>;
