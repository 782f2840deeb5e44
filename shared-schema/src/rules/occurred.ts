/**
 * Device time is business time (docs/sync.md). A mutation carries when
 * it happened on the device; status changes, job history, completion, fuel fills, payments and
 * quote validity use that time, bounded against a wrong device clock:
 *
 * - never later than the server's receipt plus {@link CLOCK_TOLERANCE_MS} (a clock running
 *   ahead): such a time is taken as the receipt time;
 * - never earlier than {@link MAX_OFFLINE_MS} before the receipt (a clock years behind, or a
 *   device left offline longer than the business ever is): taken as the receipt time too;
 * - never before the record's previous event (a job's last history entry): moved up to it, so
 *   a job's history in time order is also the order its steps were applied.
 *
 * The server's own clock still orders the change log and stamps `updatedAt`.
 */

/** How far ahead of the server a device clock may run before its times are not believed. */
export const CLOCK_TOLERANCE_MS = 2 * 60 * 1000;

/** The longest a device time may lie before the server's receipt (30 days). */
export const MAX_OFFLINE_MS = 30 * 24 * 60 * 60 * 1000;

/**
 * The business time of a mutation: the device's `deviceTime` bounded by the server's
 * `receivedAt` (ISO-8601) and by `notBefore` (the record's previous event), as ISO-8601 UTC.
 */
export function boundOccurredAt(
  deviceTime: string | null | undefined,
  receivedAt: string,
  notBefore?: string | null,
): string {
  const received = Date.parse(receivedAt);
  const device = deviceTime ? Date.parse(deviceTime) : Number.NaN;
  let at =
    Number.isFinite(device) &&
    device <= received + CLOCK_TOLERANCE_MS &&
    device >= received - MAX_OFFLINE_MS
      ? device
      : received;
  const floor = notBefore ? Date.parse(notBefore) : Number.NaN;
  if (Number.isFinite(floor) && at < floor) at = floor;
  return new Date(at).toISOString();
}

/** The latest of ISO times (undefined for none). */
export function latestTime(times: readonly (string | null | undefined)[]): string | undefined {
  let best: string | undefined;
  let bestMs = Number.NEGATIVE_INFINITY;
  for (const time of times) {
    const ms = time ? Date.parse(time) : Number.NaN;
    if (Number.isFinite(ms) && ms > bestMs) {
      bestMs = ms;
      best = time ?? undefined;
    }
  }
  return best;
}

/**
 * The time a person reads for when a job last changed: its newest history entry, as
 * the device recorded it, else when it was made — never `updatedAt`, which is when the server
 * received the change (a step taken offline at 7:20 and synced at 7:22 reads 7:20).
 */
export function jobShownTime(
  job: { createdAt: string },
  history: readonly { createdAt: string }[],
): string {
  return latestTime([job.createdAt, ...history.map((entry) => entry.createdAt)]) ?? job.createdAt;
}
