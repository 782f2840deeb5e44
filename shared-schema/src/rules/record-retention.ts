/**
 * How long each regulated record is kept (constants/wa-towing.ts `RECORD_RETENTION_MONTHS`) and
 * whether one may be let go of yet. The product itself never deletes one: rows of these tables
 * have no delete mutator and the server's housekeeping (change-log compaction, verdict pruning)
 * never touches a record's row. These rules say until when each must stay, for the records
 * export and for an operator who archives by hand.
 */
import dayjs from 'dayjs';
import utc from 'dayjs/plugin/utc.js';
import { RECORD_RETENTION_MONTHS, type RegulatedRecordKind } from '../constants/wa-towing';
import { perthDate } from './dates';

dayjs.extend(utc);

/**
 * The last Perth date a record made at `madeAtIso` must still be kept: its Perth date plus the
 * kind's months (a record made on 31 January keeps to the end of February, not into March).
 */
export function retainUntil(kind: RegulatedRecordKind, madeAtIso: string): string {
  return dayjs
    .utc(perthDate(madeAtIso))
    .add(RECORD_RETENTION_MONTHS[kind], 'month')
    .format('YYYY-MM-DD');
}

/** Whether a record made at `madeAtIso` may be disposed of at `nowIso` (after its last day). */
export function mayDispose(kind: RegulatedRecordKind, madeAtIso: string, nowIso: string): boolean {
  return perthDate(nowIso) > retainUntil(kind, madeAtIso);
}
