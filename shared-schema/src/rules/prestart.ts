/**
 * Pre-start check and defect rules, pure: which checklist a vehicle gets, the defects
 * a check raises, what a critical defect does to the vehicle's status and what resolving it
 * restores, whether a vehicle was checked today (the Perth day), and what is due across the
 * fleet. Mutators, screens, the daily email and the history PDF all call these.
 */
import {
  CHECKLISTS,
  CHECKLIST_OF_VEHICLE_TYPE,
  type CheckResult,
  type ChecklistItem,
  type ChecklistKind,
  type DefectSeverity,
} from '../constants/prestart';
import type { DefectPhoto, PrestartCheck, VehicleDefect } from '../entities/prestart';
import type { Vehicle } from '../entities/vehicle';
import { formatDate } from './date-format';
import { formatPerth, perthDate } from './dates';
import { expiryAlerts, lastServiceOdometer, serviceReminder } from './fleet';
import { isFinishedStatus } from './job-flow';

/** The status a vehicle with an open critical defect has (the card's red badge). */
export const OUT_OF_SERVICE = 'out_of_service';

/** The checklist kind of a vehicle type; a type the form does not list gets the tow-truck list. */
export function checklistKindOf(vehicleType: string): ChecklistKind {
  return CHECKLIST_OF_VEHICLE_TYPE[vehicleType.trim()] ?? 'tow_truck';
}

/** The checklist of a vehicle type. */
export function checklistFor(vehicleType: string): readonly ChecklistItem[] {
  return CHECKLISTS[checklistKindOf(vehicleType)];
}

/** One item as the driver answered it. */
export interface ItemAnswer {
  key: string;
  result: CheckResult;
  /** The driver's pick; the checklist's severity when left out. */
  severity?: DefectSeverity | null;
  note?: string | null;
  photos?: readonly DefectPhoto[];
}

/** Why a set of answers cannot be a check, by item key (or `items` for the list as a whole). */
export function checkAnswerProblems(
  checklist: readonly ChecklistItem[],
  answers: readonly ItemAnswer[],
): Record<string, string> {
  const problems: Record<string, string> = {};
  const known = new Set(checklist.map((entry) => entry.key));
  const seen = new Set<string>();
  for (const answer of answers) {
    if (!known.has(answer.key)) problems[answer.key] = `Not an item of this checklist`;
    else if (seen.has(answer.key)) problems[answer.key] = 'Answered twice';
    else if (answer.result === 'fail' && !answer.note?.trim())
      problems[answer.key] = 'Say what is wrong';
    seen.add(answer.key);
  }
  if (checklist.some((entry) => !seen.has(entry.key))) problems.items = 'Answer every item';
  return problems;
}

/** A defect a failed item raises, before it gets its id and stamps. */
export interface RaisedDefect {
  itemKey: string;
  title: string;
  severity: DefectSeverity;
  note: string;
  photos: DefectPhoto[];
}

/** One defect per failed item, in checklist order, with the driver's or the item's severity. */
export function defectsFromAnswers(
  checklist: readonly ChecklistItem[],
  answers: readonly ItemAnswer[],
): RaisedDefect[] {
  const byKey = new Map(answers.map((answer) => [answer.key, answer]));
  const defects: RaisedDefect[] = [];
  for (const entry of checklist) {
    const answer = byKey.get(entry.key);
    if (answer?.result !== 'fail') continue;
    defects.push({
      itemKey: entry.key,
      title: entry.label,
      severity: answer.severity ?? entry.severity,
      note: answer.note?.trim() ?? '',
      photos: [...(answer.photos ?? [])],
    });
  }
  return defects;
}

type OpenDefect = Pick<VehicleDefect, 'id' | 'severity' | 'status' | 'vehicleStatusBefore'> & {
  raisedAt: string;
};

function openCritical<T extends OpenDefect>(defects: readonly T[]): T[] {
  return defects
    .filter((defect) => defect.status === 'open' && defect.severity === 'critical')
    .sort((a, b) => a.raisedAt.localeCompare(b.raisedAt) || a.id - b.id);
}

/**
 * The vehicle's status once new defects are raised, and the status each new critical defect
 * records as "before": a critical defect takes the vehicle out of service; the status to come
 * back to is the one before the first critical defect still open, so a second critical defect
 * does not make out-of-service the status to restore.
 */
export function statusAfterRaising(
  vehicleStatus: string,
  openDefects: readonly OpenDefect[],
  raised: readonly Pick<RaisedDefect, 'severity'>[],
): { status: string; statusBefore: string | null } {
  const alreadyOut = openCritical(openDefects)[0];
  if (!raised.some((defect) => defect.severity === 'critical'))
    return { status: vehicleStatus, statusBefore: null };
  const statusBefore = alreadyOut?.vehicleStatusBefore ?? vehicleStatus;
  return { status: OUT_OF_SERVICE, statusBefore };
}

/**
 * The vehicle's status once `resolved` (one defect id, or several closed in one step such as a
 * service record that fixes them all) are resolved: back to the status before the critical
 * defects when none stays open and the vehicle is still out of service; otherwise unchanged (an
 * admin's own status change stands).
 */
export function statusAfterResolving(
  vehicleStatus: string,
  openDefects: readonly OpenDefect[],
  resolved: number | readonly number[],
): string {
  const ids = new Set(typeof resolved === 'number' ? [resolved] : resolved);
  const critical = openCritical(openDefects);
  if (vehicleStatus !== OUT_OF_SERVICE || !critical.some((defect) => ids.has(defect.id)))
    return vehicleStatus;
  if (critical.some((defect) => !ids.has(defect.id))) return vehicleStatus;
  return critical[0]?.vehicleStatusBefore ?? 'active';
}

/** Whether the vehicle has an open critical defect. */
export function hasOpenCriticalDefect(
  vehicleId: number,
  defects: readonly Pick<VehicleDefect, 'vehicleId' | 'status' | 'severity'>[],
): boolean {
  return defects.some(
    (defect) =>
      defect.vehicleId === vehicleId && defect.status === 'open' && defect.severity === 'critical',
  );
}

/** The open defects, most severe first, then oldest first. */
export function sortOpenDefects<T extends Pick<VehicleDefect, 'status' | 'severity' | 'raisedAt'>>(
  defects: readonly T[],
): T[] {
  const rank: Record<DefectSeverity, number> = { critical: 0, major: 1, minor: 2 };
  return defects
    .filter((defect) => defect.status === 'open')
    .sort((a, b) => rank[a.severity] - rank[b.severity] || a.raisedAt.localeCompare(b.raisedAt));
}

/** The Perth calendar day a check made at `checkedAt` counts for. */
export function checkPerthDay(checkedAt: string): string {
  return perthDate(checkedAt);
}

/** Whether the vehicle has a pre-start check on the Perth day of `now`. */
export function checkedToday(
  vehicleId: number,
  checks: readonly Pick<PrestartCheck, 'vehicleId' | 'checkedAt'>[],
  now: string,
): boolean {
  const today = perthDate(now);
  return checks.some(
    (check) => check.vehicleId === vehicleId && perthDate(check.checkedAt) === today,
  );
}

/** A job as the fleet rules need it: the vehicle it goes out on and whether it is finished. */
export interface VehicleJob {
  vehicleId?: number | null;
  status: string;
}

/** Whether an unfinished job is set to go out on the vehicle. */
export function vehicleHasJob(vehicleId: number, jobs: readonly VehicleJob[]): boolean {
  return jobs.some((job) => job.vehicleId === vehicleId && !isFinishedStatus(job.status));
}

/** What to warn about before a job is assigned to a vehicle: empty when nothing. */
export function assignmentWarnings(
  vehicleId: number,
  defects: readonly Pick<VehicleDefect, 'vehicleId' | 'status' | 'severity'>[],
  checks: readonly Pick<PrestartCheck, 'vehicleId' | 'checkedAt'>[],
  now: string,
): ('critical_defect' | 'no_check_today')[] {
  const warnings: ('critical_defect' | 'no_check_today')[] = [];
  if (hasOpenCriticalDefect(vehicleId, defects)) warnings.push('critical_defect');
  if (!checkedToday(vehicleId, checks, now)) warnings.push('no_check_today');
  return warnings;
}

/** One thing due across the fleet. */
export interface DueItem {
  vehicleId: number;
  vehicleName: string;
  kind: 'service' | 'registration' | 'insurance' | 'prestart';
  /** Overdue or expired items are urgent. */
  urgent: boolean;
  /** The line the fleet screen, admin panel and email show. */
  text: string;
}

function dayWord(days: number): string {
  return Math.abs(days) === 1 ? 'day' : 'days';
}

type DueVehicle = Pick<
  Vehicle,
  | 'id'
  | 'name'
  | 'registration'
  | 'isActive'
  | 'serviceInterval'
  | 'lastServiceDate'
  | 'nextService'
  | 'registrationExpiry'
  | 'insuranceExpiry'
> & { mileage?: number | null };

/**
 * What is due across the active fleet on the Perth day of `now`: a service due soon or overdue
 * (by km or by date, whichever comes first), registration and insurance expiring within 30 days
 * (or expired), and no pre-start today for a vehicle that has an unfinished job. Urgent first,
 * then by vehicle name. With the service records, a vehicle's km since its last service are read
 * on the odometer where known (rules/fleet.ts serviceProgress), not estimated.
 */
export function fleetDueItems(
  vehicles: readonly DueVehicle[],
  checks: readonly Pick<PrestartCheck, 'vehicleId' | 'checkedAt'>[],
  jobs: readonly VehicleJob[],
  now: string,
  services: Parameters<typeof lastServiceOdometer>[0] = [],
): DueItem[] {
  const items: DueItem[] = [];
  for (const vehicle of vehicles) {
    if (!vehicle.isActive) continue;
    const base = { vehicleId: vehicle.id, vehicleName: vehicle.name };
    const label = `${vehicle.name} (${vehicle.registration})`;
    const service = serviceReminder(
      { ...vehicle, lastServiceMileage: lastServiceOdometer(services, vehicle) },
      now,
    );
    if (service.state !== 'ok') {
      const overdue = service.state === 'overdue';
      const text =
        service.by === 'date' && service.dateDueInDays !== null
          ? overdue
            ? `${label}: service overdue by ${-service.dateDueInDays} ${dayWord(service.dateDueInDays)}`
            : `${label}: service due in ${service.dateDueInDays} ${dayWord(service.dateDueInDays)}`
          : overdue
            ? `${label}: service overdue by ${-service.remainingKm} km`
            : `${label}: service due in ${service.remainingKm} km`;
      items.push({ ...base, kind: 'service', urgent: overdue, text });
    }
    for (const alert of expiryAlerts(vehicle, now)) {
      const what = alert.kind === 'registration' ? 'registration' : 'insurance';
      const text = alert.expired
        ? `${label}: ${what} expired on ${formatDate(alert.expiresOn)}`
        : `${label}: ${what} expires on ${formatDate(alert.expiresOn)} (in ${alert.daysLeft} ${dayWord(alert.daysLeft)})`;
      items.push({ ...base, kind: alert.kind, urgent: alert.expired, text });
    }
    if (vehicleHasJob(vehicle.id, jobs) && !checkedToday(vehicle.id, checks, now)) {
      items.push({
        ...base,
        kind: 'prestart',
        urgent: true,
        text: `${label}: no pre-start today and it has a job`,
      });
    }
  }
  return items.sort(
    (a, b) => Number(b.urgent) - Number(a.urgent) || a.vehicleName.localeCompare(b.vehicleName),
  );
}

/** One entry of a vehicle's timeline. */
export interface VehicleTimelineEntry {
  at: string;
  kind: 'check' | 'defect' | 'resolved' | 'service';
  title: string;
  detail: string;
}

/**
 * A vehicle's checks, defects (raised and resolved) and services on one timeline, newest first.
 */
export function vehicleTimeline(
  checks: readonly Pick<
    PrestartCheck,
    'checkedAt' | 'checkedByName' | 'failedCount' | 'odometer'
  >[],
  defects: readonly Pick<
    VehicleDefect,
    | 'raisedAt'
    | 'title'
    | 'severity'
    | 'note'
    | 'status'
    | 'resolvedAt'
    | 'resolution'
    | 'resolutionNote'
  >[],
  services: readonly {
    invoiceDate: string;
    serviceType: string;
    description: string;
    servicedBy: string;
    createdAt?: string;
  }[],
): VehicleTimelineEntry[] {
  const entries: VehicleTimelineEntry[] = [];
  for (const check of checks) {
    entries.push({
      at: check.checkedAt,
      kind: 'check',
      title:
        check.failedCount === 0 ? 'Pre-start: all clear' : `Pre-start: ${check.failedCount} failed`,
      detail: `${check.checkedByName}, odometer ${check.odometer} km`,
    });
  }
  for (const defect of defects) {
    entries.push({
      at: defect.raisedAt,
      kind: 'defect',
      title: `Defect (${defect.severity}): ${defect.title}`,
      detail: defect.note,
    });
    if (defect.status === 'resolved' && defect.resolvedAt) {
      entries.push({
        at: defect.resolvedAt,
        kind: 'resolved',
        title: `Resolved: ${defect.title}`,
        detail:
          defect.resolution === 'service'
            ? `By service record${defect.resolutionNote ? `: ${defect.resolutionNote}` : ''}`
            : `Fixed: ${defect.resolutionNote ?? ''}`,
      });
    }
  }
  for (const service of services) {
    // A service dated today (a date, no time) sits where it was recorded among today's checks.
    const sameDay =
      service.createdAt !== undefined &&
      perthDate(service.createdAt) === service.invoiceDate.slice(0, 10);
    entries.push({
      at: sameDay && service.createdAt ? service.createdAt : service.invoiceDate,
      kind: 'service',
      title: `Service: ${service.serviceType}`,
      detail: `${service.description} (${service.servicedBy})`,
    });
  }
  return entries.sort((a, b) => b.at.localeCompare(a.at));
}

/** The Perth hour from which the day's fleet summary is sent (before the first shift goes out). */
export const FLEET_SUMMARY_HOUR = 5;

/** Whether the day's fleet summary is due at `now`: from 05:00 Perth time. */
export function fleetSummaryDue(now: string): boolean {
  return Number(formatPerth(now, 'H')) >= FLEET_SUMMARY_HOUR;
}

/**
 * The owners' daily summary email: subject and plain text, one line per due item, then any
 * further sections (the accounts' inductions about to expire, jobs waiting for a PO) that have
 * lines.
 */
export function fleetSummaryEmail(
  items: readonly DueItem[],
  perthDay: string,
  openDefects: readonly { vehicleName: string; severity: DefectSeverity; title: string }[],
  sections: readonly { heading: string; lines: readonly string[] }[] = [],
): { subject: string; lines: string[]; text: string } {
  const lines = items.map((item) => `${item.urgent ? '[!] ' : ''}${item.text}`);
  const defectLines = openDefects.map(
    (defect) => `${defect.vehicleName}: ${defect.severity} defect open: ${defect.title}`,
  );
  const body = [
    `Fleet summary for ${perthDay}`,
    '',
    lines.length === 0 ? 'Nothing due.' : 'Due:',
    ...lines.map((line) => `- ${line}`),
    ...(defectLines.length > 0
      ? ['', 'Open defects:', ...defectLines.map((line) => `- ${line}`)]
      : []),
    ...sections
      .filter((section) => section.lines.length > 0)
      .flatMap((section) => ['', `${section.heading}:`, ...section.lines.map((l) => `- ${l}`)]),
  ];
  return {
    subject: `Fleet: what is due on ${perthDay}`,
    lines,
    text: body.join('\n'),
  };
}
