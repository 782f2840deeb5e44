/**
 * The Dexie database of the web app. Only db/, sync/ and feature data hooks touch it (STYLE.md).
 */
import Dexie, { type Table } from 'dexie';
import { DB_NAME, DB_VERSIONS, type PublicOutboxItem } from './schema';

export class PilbaraDatabase extends Dexie {
  publicOutbox!: Table<PublicOutboxItem, string>;

  constructor(name: string = DB_NAME) {
    super(name);
    for (const { version, stores } of DB_VERSIONS) this.version(version).stores(stores);
  }
}

let shared: PilbaraDatabase | undefined;

/** The app's one database connection (opened lazily by Dexie on first use). */
export function getDatabase(): PilbaraDatabase {
  shared ??= new PilbaraDatabase();
  return shared;
}
