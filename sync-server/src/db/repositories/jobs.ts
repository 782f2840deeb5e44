/** Reads of the jobs table that the generic row finder cannot express. */
import type { Job, Row } from '@pilbara/shared-schema';
import type { Db } from '../connection';
import { decodeRow } from '../rows';
import { statement } from '../statements';

/**
 * The jobs created before `before` (ISO), newest first, at most `limit`: what a device asks
 * for when it wants older records than it keeps offline.
 */
export function jobsCreatedBefore(db: Db, before: string, limit: number): Job[] {
  return (
    statement(
      db,
      'SELECT * FROM jobs WHERE createdAt < ? ORDER BY createdAt DESC, id DESC LIMIT ?',
    ).all(before, limit) as Row[]
  ).map((raw) => decodeRow<Job>('jobs', raw));
}
