/**
 * Device databases for the sync client's tests (fake-indexeddb): each one under a name no other
 * test uses, or the name given (to open one again as a new tab would); every one made here is
 * closed and deleted after the test.
 */
import { afterEach } from 'vitest';
import { PilbaraDatabase } from '../../db/database';

const open: PilbaraDatabase[] = [];
let counter = 0;

afterEach(async () => {
  for (const db of open.splice(0)) {
    db.close();
    await db.delete();
  }
});

export function freshDb(name = `test-db-${++counter}-${Date.now()}`): PilbaraDatabase {
  const db = new PilbaraDatabase(name);
  open.push(db);
  return db;
}
