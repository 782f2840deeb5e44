/**
 * The backup status staff see: `GET /api/backups`, `POST /api/backups` (start one by
 * hand) and `POST /api/backups/recovery/stop-waiting`, all admin-only.
 */
import { z } from 'zod';

const instant = z.iso.datetime({ offset: true });

/** One good (verified) backup. */
export const backupSummarySchema = z.object({
  id: z.string(),
  takenAt: instant,
  /** Scheduled, or started by hand from the admin panel. */
  trigger: z.enum(['schedule', 'manual']),
  /** Bytes of the database copy, plus the files this backup copied (unchanged ones are shared). */
  databaseBytes: z.number().int().min(0),
  files: z.number().int().min(0),
  filesCopied: z.number().int().min(0),
  durationMs: z.number().int().min(0),
  /** When the copy left the machine, and where to; null while it has not. */
  offsite: z
    .array(z.object({ destination: z.string(), at: instant }))
    .describe('The off-machine destinations that hold this backup'),
});
export type BackupSummary = z.infer<typeof backupSummarySchema>;

/** A thing the server did not manage, with when and why. */
export const backupFailureSchema = z.object({
  at: instant,
  stage: z.enum(['backup', 'verify', 'offsite', 'retention']),
  message: z.string(),
});
export type BackupFailure = z.infer<typeof backupFailureSchema>;

/** One change saved after the restored backup that no device sent back. */
export const missingChangeSchema = z.object({
  at: instant,
  /** "Job JOB-2026-52", "Fuel record 51". */
  what: z.string(),
  /** "created on a device by Admin", "through the website", "by the card provider". */
  how: z.string(),
});
export type MissingChange = z.infer<typeof missingChangeSchema>;

/** What the last restore brought back and what it could not. */
export const recoveryReportSchema = z.object({
  restoredAt: instant,
  /** When the restored copy was taken; null when it cannot be told. */
  backupTakenAt: instant.nullable(),
  /** Whether the server still had its own record (journal) of what it acknowledged. */
  journalComplete: z.boolean(),
  /** Devices' changes may still wait for other devices' changes (see RECOVERY_WAIT_HOURS). */
  waiting: z.boolean(),
  gaveBack: z.number().int().min(0),
  missing: z.array(missingChangeSchema),
});
export type RecoveryReport = z.infer<typeof recoveryReportSchema>;

/** GET /api/backups answer. */
export const backupStatusSchema = z.object({
  /** Where local copies are written. */
  directory: z.string(),
  everyMinutes: z.number().int().min(1),
  /** Off-machine destinations configured (a folder, an S3 bucket); empty when none. */
  offsiteDestinations: z.array(z.string()),
  lastGood: backupSummarySchema.nullable(),
  lastOffsite: z.object({ destination: z.string(), at: instant }).nullable(),
  running: z.object({ startedAt: instant, trigger: z.enum(['schedule', 'manual']) }).nullable(),
  /** The latest failure, until a later backup of the same stage succeeds. */
  lastFailure: backupFailureSchema.nullable(),
  recent: z.array(backupSummarySchema),
  recovery: recoveryReportSchema.nullable(),
});
export type BackupStatus = z.infer<typeof backupStatusSchema>;

/** Answer of the backup calls. */
export const backupStatusResponseSchema = z.object({ backups: backupStatusSchema });
export type BackupStatusResponse = z.infer<typeof backupStatusResponseSchema>;
