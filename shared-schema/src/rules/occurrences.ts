/**
 * Notifiable occurrences (regs 14, 29): when one must be reported to the Department, by the
 * product's target (constants/wa-towing.ts `OCCURRENCE_REPORT_TARGET_HOURS`), and whether it is
 * late.
 */
import { OCCURRENCE_REPORT_TARGET_HOURS } from '../constants/wa-towing';

/** The time by which an occurrence the business learned of at `awareAtIso` is to be reported. */
export function occurrenceReportDueAt(awareAtIso: string): string {
  return new Date(
    Date.parse(awareAtIso) + OCCURRENCE_REPORT_TARGET_HOURS * 3_600_000,
  ).toISOString();
}

/** Whether an occurrence not reported yet is past its report time at `nowIso`. */
export function occurrenceOverdue(
  occurrence: { awareAt: string; reportedAt: string | null },
  nowIso: string,
): boolean {
  if (occurrence.reportedAt !== null) return false;
  return Date.parse(nowIso) > Date.parse(occurrenceReportDueAt(occurrence.awareAt));
}
