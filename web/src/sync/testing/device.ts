/**
 * The staff device of a screen test: the app's one local database (fake-indexeddb), emptied
 * before each test and given blocks of ids for every series, as a device that has synced once
 * has, so a screen can create jobs, quotes, payments and records offline as it does in the cab.
 */
import './node-indexeddb';
import { db } from '../index';
import { META, setMeta } from '../local-store';
import { wantedSeries } from '../leases';

/** The first id each series hands out on the test device (`JOB-<year>-P1`, payment 1, …). */
export const FIRST_ID = 1;

/** Empties every table of the device and gives it ids to mint. */
export async function resetDevice(): Promise<void> {
  await Promise.all(db.tables.map((table) => table.clear()));
  await setMeta(
    db,
    META.leases,
    Object.fromEntries(
      wantedSeries().map((series) => [series, [{ start: FIRST_ID, end: 500, next: FIRST_ID }]]),
    ),
  );
}

export { db };
