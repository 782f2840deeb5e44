/**
 * The owners' daily fleet summary (table `fleet_summaries`, one row per Perth day): claimed
 * before it is sent, so a second tick, a restart or a second server finds it taken
 * (services/fleet-summary.ts).
 */
import type { Db } from '../connection';
import { atomically, statement } from '../statements';

/** The emails of the active admins (the owners), in the order they were added. */
export function activeAdminEmails(db: Db): string[] {
  return (
    statement(
      db,
      "SELECT email FROM users WHERE role = 'admin' AND isActive = 1 AND email IS NOT NULL AND email <> '' ORDER BY id",
    ).all() as { email: string }[]
  ).map((row) => row.email);
}

/** Claims the day's summary unless it was sent or is being sent; true when the caller sends it. */
export function claimSummaryDay(db: Db, day: string, now: string): boolean {
  return atomically(db, () => {
    const row = statement(db, 'SELECT status FROM fleet_summaries WHERE perthDay = ?').get(day) as
      { status: string } | undefined;
    if (row && row.status !== 'failed') return false;
    if (row) {
      statement(db, "UPDATE fleet_summaries SET status = 'pending' WHERE perthDay = ?").run(day);
    } else {
      statement(
        db,
        "INSERT INTO fleet_summaries (perthDay, status, createdAt) VALUES (?, 'pending', ?)",
      ).run(day, now);
    }
    return true;
  });
}

/** Records how the day's summary went. */
export function recordSummary(
  db: Db,
  day: string,
  outcome: {
    status: 'sent' | 'failed';
    recipients: string[];
    itemCount: number;
    error: string | null;
    sentAt: string | null;
  },
): void {
  statement(
    db,
    'UPDATE fleet_summaries SET status = ?, recipients = ?, itemCount = ?, error = ?, sentAt = ? WHERE perthDay = ?',
  ).run(
    outcome.status,
    JSON.stringify(outcome.recipients),
    outcome.itemCount,
    outcome.error,
    outcome.sentAt,
    day,
  );
}
