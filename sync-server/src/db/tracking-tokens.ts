/**
 * The one rule that every job and booking the server stores has a tracking token
 * (rules/tracking.ts in shared-schema), kept at the single place rows are written (`putRow`): a row that arrives without one — a `job.create` queued by an app from before
 * tokens, say — keeps the token its stored version has, or gets a fresh one.
 */
import { isTrackingToken } from '@pilbara/shared-schema';
import type { Db } from './connection';
import { mintToken } from './tokens';
import { statement } from './statements';
import type { Row } from './tables';

const TRACKED = new Set(['jobs', 'bookings']);

/** `row` with a tracking token when `entity` is jobs or bookings (the row is not modified). */
export function withTrackingToken(db: Db, entity: string, row: Row): Row {
  if (!TRACKED.has(entity)) return row;
  const given = row.trackingToken;
  if (typeof given === 'string' && isTrackingToken(given)) return row;
  const stored = statement(db, `SELECT trackingToken FROM "${entity}" WHERE id = ?`).get(row.id) as
    { trackingToken: string | null } | undefined;
  return { ...row, trackingToken: stored?.trackingToken ?? mintToken() };
}
