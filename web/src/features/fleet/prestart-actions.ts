/**
 * The pre-start writes (issue 21): a driver's check and the resolution of a defect, each a named
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
import { mintId, mutate } from '../../sync';

function toast(ok: boolean, message: string): void {
  notifications.show({
    ...(ok ? {} : { title: MESSAGES.ERROR_TITLE }),
    message,
    color: ok ? 'green' : 'red',
    autoClose: TOAST_DURATIONS.default,
  });
}

/** One item as the form holds it. */
export interface ItemAnswerForm {
  key: string;
  result: CheckResult | null;
  severity: DefectSeverity;
  note: string;
  photos: DefectPhoto[];
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
    const items = [];
    for (const answer of input.answers) {
      if (answer.result === null) continue;
      if (answer.result !== 'fail') {
        items.push({ key: answer.key, result: answer.result });
        continue;
      }
      items.push({
        key: answer.key,
        result: answer.result,
        severity: answer.severity,
        note: answer.note,
        photos: answer.photos,
        defectId: await mintId('vehicle_defects'),
      });
    }
    const result = await mutate('prestart.submit', {
      id,
      vehicleId: input.vehicleId,
      checkedAt: (input.now ?? new Date()).toISOString(),
      checkedByName: input.checkedByName,
      odometer: input.odometer,
      items,
      ...input.position,
    });
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

/** Sets the vehicle a job goes out on. */
export async function assignJobVehicle(jobId: string, vehicleId: number | null): Promise<boolean> {
  const result = await mutate('job.assignVehicle', { id: jobId, vehicleId });
  if (!result.ok) toast(false, result.message);
  return result.ok;
}
