import { z } from 'zod';
import {
  CHECK_RESULTS,
  CHECKLIST_KINDS,
  DEFECT_RESOLUTIONS,
  DEFECT_SEVERITIES,
  DEFECT_STATUSES,
  PRESTART_LIMITS,
} from '../constants/prestart';
import { intIdSchema, isoDateSchema, isoDateTimeSchema } from './common';
import { fileFieldsSchema, positionFieldsSchema } from './field-record';

/** A photo of a failed item: the file it refers to (the bytes travel as field-record uploads). */
export const defectPhotoSchema = fileFieldsSchema;
/** A photo reference of a failed item. */
export type DefectPhoto = z.infer<typeof defectPhotoSchema>;

/** One answered item of a check, as stored with the check. */
export const checkItemResultSchema = z.object({
  key: z.string().min(1).max(40),
  label: z.string().max(100),
  result: z.enum(CHECK_RESULTS),
  severity: z.enum(DEFECT_SEVERITIES).nullable(),
  note: z.string().max(PRESTART_LIMITS.maxNote).nullable(),
  photos: z.array(defectPhotoSchema).max(PRESTART_LIMITS.maxPhotosPerItem),
});
/** A stored item result. */
export type CheckItemResult = z.infer<typeof checkItemResultSchema>;

/** Table `prestart_checks`: one driver's daily pre-start check of one vehicle. */
export const prestartCheckSchema = z
  .object({
    id: intIdSchema,
    vehicleId: intIdSchema,
    checklist: z.enum(CHECKLIST_KINDS),
    /** When the check was made (the phone's clock, never later than the server's). */
    checkedAt: isoDateTimeSchema,
    /** The Perth calendar day of `checkedAt`: what "checked today" compares. */
    perthDay: isoDateSchema,
    checkedBy: z.number().int().nullable(),
    checkedByName: z.string().max(100),
    odometer: z.number().int().nonnegative(),
    items: z.array(checkItemResultSchema),
    failedCount: z.number().int().nonnegative(),
    createdAt: isoDateTimeSchema,
  })
  .extend(positionFieldsSchema.shape);
/** A stored pre-start check. */
export type PrestartCheck = z.infer<typeof prestartCheckSchema>;

/** Table `vehicle_defects`: a fault raised by a failed check item, open until resolved. */
export const vehicleDefectSchema = z.object({
  id: intIdSchema,
  vehicleId: intIdSchema,
  checkId: intIdSchema.nullable(),
  itemKey: z.string().max(40),
  title: z.string().max(100),
  severity: z.enum(DEFECT_SEVERITIES),
  note: z.string().max(PRESTART_LIMITS.maxNote),
  photos: z.array(defectPhotoSchema),
  status: z.enum(DEFECT_STATUSES),
  raisedAt: isoDateTimeSchema,
  raisedBy: z.number().int().nullable(),
  raisedByName: z.string().max(100),
  /**
   * The vehicle's status when this critical defect took it off the road (null for minor and
   * major defects): what resolving the last critical defect restores.
   */
  vehicleStatusBefore: z.string().max(20).nullable(),
  resolvedAt: isoDateTimeSchema.nullable(),
  resolvedBy: z.number().int().nullable(),
  resolution: z.enum(DEFECT_RESOLUTIONS).nullable(),
  serviceRecordId: intIdSchema.nullable(),
  resolutionNote: z.string().max(PRESTART_LIMITS.maxNote).nullable(),
  updatedAt: isoDateTimeSchema,
});
/** A stored defect. */
export type VehicleDefect = z.infer<typeof vehicleDefectSchema>;
