/**
 * A driver's first screen, answered with their sign-in: on one bar of signal a first
 * sync (open the device database, the socket, the first page, applying it in IndexedDB) takes
 * seconds after the sign-in's answer before the driver would see a job. So the answer carries the
 * jobs their `/driver` list shows, chosen by the very rules a pull uses: the sync scope of their
 * role (shared-schema sync/scope.ts, the same call as session.ts makes for a page from cursor 0)
 * and then the screen's own list rule (rules/driver-jobs.ts). Nothing here decides who sees what.
 */
import {
  FINISHED_JOB_STATUSES,
  driverJobs,
  jobSchema,
  scopeChanges,
  type ChangeEntry,
  type DriverFirstScreen,
  type Row,
} from '@pilbara/shared-schema';
import type { Db } from '../db/connection';
import { currentCursor } from '../db/change-log';
import { decodeRow } from '../db/rows';
import { consistently, statement } from '../db/statements';
import { actorForUser } from '../db/repositories/users';

/** How recent a finished job's last change must be to be today's in Perth, from any server zone. */
const RECENT_MS = 48 * 3_600_000;

/**
 * The jobs the driver `userId` sees first, with the log position they were read at; undefined
 * for anyone who is not an active driver (an admin's or a customer's sign-in carries none).
 */
export function driverFirstScreen(
  db: Db,
  userId: number,
  now: Date,
): DriverFirstScreen | undefined {
  const actor = actorForUser(db, userId);
  if (actor?.role !== 'driver') return undefined;
  return consistently(db, () => {
    const cursor = currentCursor(db);
    // Only rows assigned to this driver, unfinished or changed lately, can be on their list
    // (driverJobs keeps those alone), so the read selects them: a driver of ten years has
    // thousands of finished jobs. The scope below still decides, as it does for every page.
    const since = new Date(now.getTime() - RECENT_MS).toISOString();
    const finished = FINISHED_JOB_STATUSES.map(() => '?').join(', ');
    const rows = statement(
      db,
      `SELECT * FROM jobs WHERE assignedDriverId = ? AND (status NOT IN (${finished}) OR updatedAt >= ?)`,
    ).all(actor.id, ...FINISHED_JOB_STATUSES, since) as Row[];
    const entries: ChangeEntry[] = rows.map((raw) => {
      const row = decodeRow<Row>('jobs', raw);
      return { seq: cursor, entity: 'jobs', rowId: String(row.id), op: 'put', data: row };
    });
    const scoped = scopeChanges(actor, entries, () => undefined, { fromStart: true });
    const jobs = scoped.flatMap((entry) => {
      // A row the answer's schema refuses comes with the sync instead of failing the sign-in.
      const parsed = jobSchema.safeParse(entry.data);
      return parsed.success ? [parsed.data] : [];
    });
    return { cursor, jobs: driverJobs(jobs, actor.id ?? 0, now) };
  });
}
