/**
 * What a crash tow must have before the vehicle is loaded (Act s. 40; regs 6, 8, 20, 27, 28):
 * the Authority to Tow with the approved form's fields and both signatures, the photographs of
 * each side, the damage and the personal property, a reference to the dashboard camera's
 * recording, and the personal property list. The driver's screen lists the gaps; the mutators
 * refuse to record the vehicle loaded, or the job completed, while any remain, unless an owner
 * recorded an override with its reason.
 */
import { CRASH_PHOTO_SUBJECTS } from '../constants/wa-towing';
import type { CrashTow } from '../entities/wa-towing';
import { CRASH_PHOTO_LABELS, WA_TOWING_MESSAGES } from '../wa-towing-messages';

/** A part of the crash tow record, as the driver's checklist groups the gaps. */
export type CrashTowPart = 'authority' | 'photos' | 'dashcam' | 'property';

/** One thing still missing before loading. */
export interface CrashTowGap {
  part: CrashTowPart;
  message: string;
}

const filled = (value: string | null | undefined): boolean =>
  value !== null && value !== undefined && value.trim() !== '';

/** What the Authority to Tow still lacks: its fields by who authorised, and both signatures. */
export function authorityGaps(
  tow: CrashTow,
  signatures: readonly { document: string }[],
): CrashTowGap[] {
  const gaps: string[] = [];
  if (tow.authorisedBy === null) gaps.push(WA_TOWING_MESSAGES.AUTHORISER_REQUIRED);
  if (!filled(tow.authoriserName)) gaps.push(WA_TOWING_MESSAGES.AUTHORISER_NAME_REQUIRED);
  if (
    tow.authorisedBy === 'police' &&
    !(filled(tow.officerRank) && filled(tow.officerNumber) && filled(tow.officerStation))
  ) {
    gaps.push(WA_TOWING_MESSAGES.OFFICER_DETAILS_REQUIRED);
  }
  if (tow.authorisedBy === 'main_roads' && !filled(tow.mainRoadsId)) {
    gaps.push(WA_TOWING_MESSAGES.MAIN_ROADS_ID_REQUIRED);
  }
  if (!filled(tow.destination)) gaps.push(WA_TOWING_MESSAGES.DESTINATION_REQUIRED);
  if (!filled(tow.charges)) gaps.push(WA_TOWING_MESSAGES.CHARGES_REQUIRED);
  if (!signatures.some((signature) => signature.document === 'authority_to_tow')) {
    gaps.push(WA_TOWING_MESSAGES.AUTHORISER_SIGNATURE);
  }
  if (!signatures.some((signature) => signature.document === 'att_towing_worker')) {
    gaps.push(WA_TOWING_MESSAGES.WORKER_SIGNATURE);
  }
  return gaps.map((message) => ({ part: 'authority', message }));
}

/** Whether the Authority to Tow is complete: its copies can go to the parties. */
export function authorityComplete(
  tow: CrashTow,
  signatures: readonly { document: string }[],
): boolean {
  return authorityGaps(tow, signatures).length === 0;
}

/** Everything a crash tow still lacks before the vehicle is loaded, in the checklist's order. */
export function crashTowGaps(
  tow: CrashTow,
  photos: readonly { stage: string; subject?: string | null }[],
  signatures: readonly { document: string }[],
): CrashTowGap[] {
  const gaps = authorityGaps(tow, signatures);
  const has = (subject: string) => photos.some((photo) => photo.subject === subject);
  for (const side of CRASH_PHOTO_SUBJECTS.filter((subject) => subject !== 'property')) {
    if (!has(side))
      gaps.push({
        part: 'photos',
        message: WA_TOWING_MESSAGES.PHOTO_MISSING(CRASH_PHOTO_LABELS[side]),
      });
  }
  if (!photos.some((photo) => photo.stage === 'damage')) {
    gaps.push({
      part: 'photos',
      message: WA_TOWING_MESSAGES.PHOTO_MISSING(CRASH_PHOTO_LABELS.damage),
    });
  }
  if (
    !filled(tow.dashcamCamera) ||
    !(filled(tow.dashcamFile) || (tow.dashcamFrom && tow.dashcamTo))
  ) {
    gaps.push({ part: 'dashcam', message: WA_TOWING_MESSAGES.DASHCAM_REQUIRED });
  }
  if (!tow.noProperty && tow.propertyItems.length === 0) {
    gaps.push({ part: 'property', message: WA_TOWING_MESSAGES.PROPERTY_REQUIRED });
  } else if (!tow.noProperty && !has('property')) {
    gaps.push({ part: 'property', message: WA_TOWING_MESSAGES.PROPERTY_PHOTO_REQUIRED });
  }
  return gaps;
}

/**
 * Whether a crash tow may go past loading (be completed, go into storage): the vehicle was
 * recorded loaded (which needed every item), or an owner overrode the checks with a reason.
 */
export function mayPassLoading(tow: Pick<CrashTow, 'loadedAt' | 'overrideAt'>): boolean {
  return tow.loadedAt !== null || tow.overrideAt !== null;
}

/** A crash tow row as `crashTow.mark` opens it: every field empty, nothing recorded yet. */
export function newCrashTow(
  jobId: string,
  fields: { crashLocation: string | null; markedBy: number | null; now: string },
): CrashTow {
  return {
    id: jobId,
    jobId,
    t1FormNumber: null,
    authorisedBy: null,
    authoriserName: null,
    authoriserPhone: null,
    authoriserEmail: null,
    officerRank: null,
    officerNumber: null,
    officerStation: null,
    mainRoadsId: null,
    vehicleRegistration: null,
    vehicleMake: null,
    vehicleModel: null,
    vehicleColour: null,
    crashLocation: fields.crashLocation,
    destination: null,
    charges: null,
    dashcamCamera: null,
    dashcamFile: null,
    dashcamFrom: null,
    dashcamTo: null,
    noProperty: false,
    propertyItems: [],
    loadedAt: null,
    loadedBy: null,
    overrideReason: null,
    overrideBy: null,
    overrideByName: null,
    overrideAt: null,
    markedBy: fields.markedBy,
    createdAt: fields.now,
    updatedAt: fields.now,
  };
}
