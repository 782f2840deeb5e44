/** Browsers' Web Push subscriptions for a job, by its tracking token (issue 20). */
import type { PushSubscriptionInput } from '@pilbara/shared-schema';
import type { Db } from '../connection';

/** Browsers kept per job; a further one replaces the oldest. */
export const MAX_SUBSCRIPTIONS_PER_JOB = 10;

/**
 * Stores a browser's subscription for the job of `token` (one browser subscribing again updates
 * its keys), keeping the newest {@link MAX_SUBSCRIPTIONS_PER_JOB}.
 */
export function saveSubscription(
  db: Db,
  token: string,
  subscription: Pick<PushSubscriptionInput, 'endpoint' | 'keys'>,
  now: Date,
): void {
  const { endpoint, keys } = subscription;
  db.transaction(() => {
    db.prepare(
      `INSERT INTO push_subscriptions (trackingToken, endpoint, p256dh, auth, createdAt)
       VALUES (?, ?, ?, ?, ?)
       ON CONFLICT (trackingToken, endpoint) DO UPDATE SET p256dh = excluded.p256dh, auth = excluded.auth`,
    ).run(token, endpoint, keys.p256dh, keys.auth, now.toISOString());
    db.prepare(
      `DELETE FROM push_subscriptions WHERE trackingToken = ? AND id NOT IN
         (SELECT id FROM push_subscriptions WHERE trackingToken = ? ORDER BY id DESC LIMIT ?)`,
    ).run(token, token, MAX_SUBSCRIPTIONS_PER_JOB);
  }).immediate();
}
