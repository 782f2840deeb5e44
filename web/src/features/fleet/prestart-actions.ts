/**
 * The pre-start writes: a driver's check and the resolution of a defect, each a named
 * mutation run locally and queued (so both work with no signal), with the ids minted on this
 * device from its leases.
 */
import { notifications } from '@mantine/notifications';
import {
  MESSAGES,
  PRESTART_TEXT,
  TOAST_DURATIONS,
  type CheckResult,
  type DefectPhoto,
  type DefectSeverity,
  type PositionFields,
} from '@pilbara/shared-schema';
import { mintId, mutate, mutateWithFile, type LocalFieldFile } from '../../sync';

function toast(ok: boolean, message: string): void {
  notifications.show({
    ...(ok ? {} : { title: MESSAGES.ERROR_TITLE }),
    message,
    color: ok ? 'green' : 'red',
    autoClose: TOAST_DURATIONS.default,
  });
}

/** A photo of a failed item as the form holds it: what the check records, and its bytes. */
interface CapturedPhoto extends DefectPhoto {
  /** The compressed full-size JPEG, kept on the phone until the server holds it. */
  full: ArrayBuffer;
  /** The small JPEG the form and the defect show on this phone. */
  thumb: ArrayBuffer;
}

/** One item as the form holds it. */
export interface ItemAnswerForm {
  key: string;
  result: CheckResult | null;
  severity: DefectSeverity;
  note: string;
  photos: CapturedPhoto[];
}

/** The id this phone keeps a defect photo's bytes under (one per defect and photo). */
export function defectFileId(defectId: number, contentHash: string): string {
  return `defect:${defectId}:${contentHash}`;
}

/** Records today's check of a vehicle; true when it was kept (locally, at least). */
export async function submitPrestart(input: {
  vehicleId: number;
  checkedByName: string;
  odometer: number;
  answers: readonly ItemAnswerForm[];
  position: PositionFields;
  now?: Date;
}): Promise<boolean> {
  try {
    const id = await mintId('prestart_checks');
    const checkedAt = (input.now ?? new Date()).toISOString();
    const items = [];
    const files: LocalFieldFile[] = [];
    for (const answer of input.answers) {
      if (answer.result === null) continue;
      if (answer.result !== 'fail') {
        items.push({ key: answer.key, result: answer.result });
        continue;
      }
      const defectId = await mintId('vehicle_defects');
      items.push({
        key: answer.key,
        result: answer.result,
        severity: answer.severity,
        note: answer.note,
        photos: answer.photos.map(({ full: _full, thumb: _thumb, ...photo }) => photo),
        defectId,
      });
      // The bytes wait on this phone, in the same commit as the check, until the uploader sends
      // them (once: the check's item and its defect name the same file).
      for (const photo of answer.photos)
        files.push({
          id: defectFileId(defectId, photo.contentHash),
          kind: 'defect-photo',
          defectId,
          contentHash: photo.contentHash,
          mimeType: photo.mimeType,
          full: photo.full,
          thumb: photo.thumb,
          size: photo.size,
          createdAt: checkedAt,
          uploadedAt: null,
          lastError: null,
        });
    }
    const result = await mutateWithFile(
      'prestart.submit',
      {
        id,
        vehicleId: input.vehicleId,
        checkedAt,
        checkedByName: input.checkedByName,
        odometer: input.odometer,
        items,
        ...input.position,
      },
      files,
    );
    if (!result.ok) {
      toast(false, result.message);
      return false;
    }
    toast(true, PRESTART_TEXT.submitted);
    return true;
  } catch (error) {
    toast(false, error instanceof Error ? error.message : MESSAGES.ERROR_TITLE);
    return false;
  }
}

/** Resolves a defect, as fixed with a note or by a service record of its vehicle. */
export async function resolveDefect(
  defect: { id: number; vehicleId: number },
  resolution:
    { resolution: 'fixed'; note: string } | { resolution: 'service'; serviceRecordId: number },
): Promise<boolean> {
  try {
    const result = await mutate('defect.resolve', {
      id: defect.id,
      vehicleId: defect.vehicleId,
      ...resolution,
    });
    if (!result.ok) {
      toast(false, result.message);
      return false;
    }
    toast(true, PRESTART_TEXT.defectResolved);
    return true;
  } catch (error) {
    toast(false, error instanceof Error ? error.message : MESSAGES.ERROR_TITLE);
    return false;
  }
}
