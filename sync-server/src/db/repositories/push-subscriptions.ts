/** Browsers' Web Push subscriptions for a job, by its tracking token (issue 20). */
import type { PushSubscriptionInput } from '@pilbara/shared-schema';
import type { Db } from '../connection';

/** Browsers kept per job. */
export const MAX_SUBSCRIPTIONS_PER_JOB = 10;

/**
 * Stores a browser's subscription for the job of `token` (one browser subscribing again updates
 * its keys). Returns false, storing nothing, when the job already has
 * {@link MAX_SUBSCRIPTIONS_PER_JOB} other browsers: a newcomer never pushes the customer's own
 * subscriptions out (issue 25), since anyone holding the link could otherwise do it.
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
