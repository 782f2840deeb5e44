import { usePublicOutboxRunner } from './outbox-runtime';

/**
 * Mount once near the app root so saved contact messages, bookings and feedback are retried on app
 * start, on `online` and on an interval, whichever page is open (docs/sync.md). Renders nothing.
 */
export function PublicOutboxRunner(): null {
  usePublicOutboxRunner();
  return null;
}
