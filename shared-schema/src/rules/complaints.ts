/**
 * The complaints resolution procedure (regs 15, 16): each complaint is acknowledged, investigated
 * and resolved within the business days our procedure sets (constants/wa-towing.ts
 * `COMPLAINT_STAGE_BUSINESS_DAYS`), counted from the day it was received. Staff see the next
 * stage and its due time until the complaint is resolved.
 */
import {
  COMPLAINT_STAGES,
  COMPLAINT_STAGE_BUSINESS_DAYS,
  type ComplaintStage,
} from '../constants/wa-towing';
import { businessDaysAfter, type HolidayTable } from './business-hours';
import { WA_PUBLIC_HOLIDAYS } from '../constants/wa-towing';

/** When each stage was done, as a complaint row holds it. */
export interface ComplaintTimes {
  receivedAt: string;
  acknowledgedAt: string | null;
  investigatedAt: string | null;
  resolvedAt: string | null;
}

/** One stage of a complaint: when it is due, when it was done, and whether late. */
export interface ComplaintStageState {
  stage: ComplaintStage;
  dueAt: string;
  doneAt: string | null;
  /** Done after its due time, or not done and past it at `now`. */
  late: boolean;
}

/** The due time of each stage of a complaint received at `receivedAt`. */
export function complaintDueDates(
  receivedAt: string,
  holidays: HolidayTable = WA_PUBLIC_HOLIDAYS,
): Record<ComplaintStage, string> {
  return {
    acknowledged: businessDaysAfter(
      receivedAt,
      COMPLAINT_STAGE_BUSINESS_DAYS.acknowledged,
      holidays,
    ),
    investigated: businessDaysAfter(
      receivedAt,
      COMPLAINT_STAGE_BUSINESS_DAYS.investigated,
      holidays,
    ),
    resolved: businessDaysAfter(receivedAt, COMPLAINT_STAGE_BUSINESS_DAYS.resolved, holidays),
  };
}

function doneAt(times: ComplaintTimes, stage: ComplaintStage): string | null {
  switch (stage) {
    case 'acknowledged':
      return times.acknowledgedAt;
    case 'investigated':
      return times.investigatedAt;
    case 'resolved':
      return times.resolvedAt;
  }
}

/** Every stage of a complaint at `nowIso`. */
export function complaintStages(
  times: ComplaintTimes,
  nowIso: string,
  holidays: HolidayTable = WA_PUBLIC_HOLIDAYS,
): ComplaintStageState[] {
  const due = complaintDueDates(times.receivedAt, holidays);
  return COMPLAINT_STAGES.map((stage) => {
    const done = doneAt(times, stage);
    const limit = Date.parse(due[stage]);
    return {
      stage,
      dueAt: due[stage],
      doneAt: done,
      late: done ? Date.parse(done) > limit : Date.parse(nowIso) > limit,
    };
  });
}

/** The first stage not done yet, or null once the complaint is resolved. */
export function nextComplaintStage(
  times: ComplaintTimes,
  nowIso: string,
  holidays: HolidayTable = WA_PUBLIC_HOLIDAYS,
): ComplaintStageState | null {
  return complaintStages(times, nowIso, holidays).find((state) => state.doneAt === null) ?? null;
}

/**
 * Whether a stage may be recorded now: in order (acknowledged before investigated before
 * resolved), each once.
 */
export function canRecordComplaintStage(times: ComplaintTimes, stage: ComplaintStage): boolean {
  const index = COMPLAINT_STAGES.indexOf(stage);
  if (doneAt(times, stage) !== null) return false;
  return COMPLAINT_STAGES.slice(0, index).every((earlier) => doneAt(times, earlier) !== null);
}
