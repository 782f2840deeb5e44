/**
 * Stored answers of public writes sent with an `Idempotency-Key` header. The browser's outbox
 * retries a form until it gets an answer; the first answer is kept and replayed, so a retry
 * never books twice. A key reused with a different body is refused rather than replayed.
 */
import crypto from 'node:crypto';
import type { Db } from '../connection';

export interface StoredResponse {
  status: number;
  body: unknown;
  requestHash: string;
}

export function requestHash(body: unknown): string {
  return crypto
    .createHash('sha256')
    .update(JSON.stringify(body ?? null))
    .digest('hex');
}

export function findIdempotentResponse(
  db: Db,
  key: string,
  route: string,
): StoredResponse | undefined {
  const row = db
    .prepare('SELECT status, response FROM idempotency_keys WHERE key = ? AND route = ?')
    .get(key, route) as { status: number; response: string } | undefined;
  if (!row) return undefined;
  const stored = JSON.parse(row.response) as { body: unknown; requestHash: string };
  return { status: row.status, body: stored.body, requestHash: stored.requestHash };
}

export function storeIdempotentResponse(
  db: Db,
  key: string,
  route: string,
  response: StoredResponse,
  now: Date,
): void {
  db.prepare(
    'INSERT INTO idempotency_keys (key, route, status, response, createdAt) VALUES (?, ?, ?, ?, ?)',
  ).run(
    key,
    route,
    response.status,
    JSON.stringify({ body: response.body, requestHash: response.requestHash }),
    now.toISOString(),
  );
}

/** Keys older than this are forgotten; an outbox gives up long before. */
const IDEMPOTENCY_TTL_MS = 30 * 24 * 60 * 60 * 1000;

export function deleteOldIdempotencyKeys(db: Db, now: Date): number {
  const cutoff = new Date(now.getTime() - IDEMPOTENCY_TTL_MS).toISOString();
  return db.prepare('DELETE FROM idempotency_keys WHERE createdAt < ?').run(cutoff).changes;
}
