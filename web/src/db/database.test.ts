import 'fake-indexeddb/auto';
import Dexie from 'dexie';
import { describe, expect, it } from 'vitest';
import { getDatabase } from './database';

/** The page-transition events the browser fires around its back/forward cache. */
function pageTransition(type: 'pagehide' | 'pageshow', persisted: boolean): void {
  window.dispatchEvent(Object.assign(new Event(type), { persisted }));
}

describe('the shared connection and the back/forward cache', () => {
  it('lets go as the page leaves, starts nothing more, and opens again when the page is back', async () => {
    const db = getDatabase();
    await db.meta.put({ key: 'probe', value: 'kept' });

    pageTransition('pagehide', true);
    expect(db.isOpen()).toBe(false);
    // What the leaving page still tries fails at once: no transaction is left to hold the tables.
    await expect(db.meta.get('probe')).rejects.toBeInstanceOf(Dexie.DatabaseClosedError);

    // Another page of the app writes the same table meanwhile, and does not wait.
    const other = new Dexie(db.name);
    await other.open();
    await other.table('meta').put({ key: 'probe', value: 'written by the next page' });
    other.close();

    pageTransition('pageshow', true);
    await expect(db.meta.get('probe')).resolves.toEqual({
      key: 'probe',
      value: 'written by the next page',
    });
    expect(db.isOpen()).toBe(true);
  });

  it('ends the work still running as the page leaves, all of it, so the next page is not held up', async () => {
    const db = getDatabase();
    let written = 0;
    // Busy for as long as it is let, as the sync engine applying a page is: frozen now by
    // WebKit, it would hold the table for good.
    const leaving = db.transaction('rw', db.meta, async () => {
      for (;;) {
        await db.meta.put({ key: `busy-${written}`, value: written });
        written += 1;
        if (written === 3) pageTransition('pagehide', true);
      }
    });
    // Its next write finds it ended.
    await expect(leaving).rejects.toMatchObject({ name: 'InvalidStateError' });
    expect(written).toBe(3);

    const other = new Dexie(db.name);
    await other.open();
    await other.table('meta').put({ key: 'probe', value: 'the next page writes at once' });
    // All or nothing: none of the aborted transaction's writes was kept.
    expect(await other.table('meta').where('key').startsWith('busy-').count()).toBe(0);
    other.close();

    pageTransition('pageshow', true);
    await expect(db.meta.get('probe')).resolves.toMatchObject({
      value: 'the next page writes at once',
    });
  });
});
