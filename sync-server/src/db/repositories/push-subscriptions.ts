/** Browsers' Web Push subscriptions for a job, by its tracking token. */
import type { PushSubscriptionInput } from '@pilbara/shared-schema';
import type { Db } from '../connection';
import { statement } from '../statements';

/** Browsers kept per job. */
export const MAX_SUBSCRIPTIONS_PER_JOB = 10;

/**
 * Stores a browser's subscription for the job of `token` (one browser subscribing again updates
 * its keys). Returns false, storing nothing, when the job already has
 * {@link MAX_SUBSCRIPTIONS_PER_JOB} other browsers: a newcomer never pushes the customer's own
 * subscriptions out, since anyone holding the link could otherwise do it.
 */
export function saveSubscription(
  db: Db,
  token: string,
  subscription: Pick<PushSubscriptionInput, 'endpoint' | 'keys'>,
  now: Date,
): boolean {
  const { endpoint, keys } = subscription;
  return db
    .transaction((): boolean => {
      const known = db
        .prepare('SELECT 1 FROM push_subscriptions WHERE trackingToken = ? AND endpoint = ?')
        .get(token, endpoint);
      if (!known) {
        const { n } = db
          .prepare('SELECT count(*) AS n FROM push_subscriptions WHERE trackingToken = ?')
          .get(token) as { n: number };
        if (n >= MAX_SUBSCRIPTIONS_PER_JOB) return false;
      }
      db.prepare(
        `INSERT INTO push_subscriptions (trackingToken, endpoint, p256dh, auth, createdAt)
         VALUES (?, ?, ?, ?, ?)
         ON CONFLICT (trackingToken, endpoint) DO UPDATE SET p256dh = excluded.p256dh, auth = excluded.auth`,
      ).run(token, endpoint, keys.p256dh, keys.auth, now.toISOString());
      return true;
    })
    .immediate();
}

/**
 * Claims one push per subscription of the job's tracking token for an event; the primary key
 * makes a second sighting of the same event a no-op. Runs in the caller's transaction.
 */
export function claimPushes(
  db: Db,
  claim: { event: string; jobId: string; payload: string; now: string; token: string },
): void {
  statement(
    db,
    `INSERT OR IGNORE INTO push_sends (subscriptionId, event, jobId, status, payload, createdAt)
     SELECT id, ?, ?, 'pending', ?, ? FROM push_subscriptions WHERE trackingToken = ?`,
  ).run(claim.event, claim.jobId, claim.payload, claim.now, claim.token);
}

/** A push waiting to be sent, with the subscription it goes to. */
export interface PendingPush {
  subscriptionId: number;
  event: string;
  jobId: string;
  payload: string;
  endpoint: string;
  p256dh: string;
  auth: string;
}

/** Every push still to be sent, oldest first. */
export function pendingPushes(db: Db): PendingPush[] {
  return statement(
    db,
    `SELECT s.subscriptionId, s.event, s.jobId, s.payload, p.endpoint, p.p256dh, p.auth
       FROM push_sends s JOIN push_subscriptions p ON p.id = s.subscriptionId
      WHERE s.status = 'pending' ORDER BY s.createdAt, s.subscriptionId`,
  ).all() as PendingPush[];
}

/** Records a push as sent. */
export function markPushSent(db: Db, push: PendingPush, sentAt: string): void {
  statement(
    db,
    "UPDATE push_sends SET status = 'sent', sentAt = ?, error = NULL WHERE subscriptionId = ? AND event = ?",
  ).run(sentAt, push.subscriptionId, push.event);
}

/** Records a push as failed, with the push service's error. */
export function markPushFailed(db: Db, push: PendingPush, error: string): void {
  statement(
    db,
    "UPDATE push_sends SET status = 'failed', error = ? WHERE subscriptionId = ? AND event = ?",
  ).run(error, push.subscriptionId, push.event);
}

/** Deletes a subscription the push service no longer knows, with its records. */
export function deleteSubscription(db: Db, subscriptionId: number): void {
  statement(db, 'DELETE FROM push_subscriptions WHERE id = ?').run(subscriptionId);
}
