/**
 * IndexedDB for Node-side tests of the sync client (fake-indexeddb), imported by the server's
 * integration tests so they run the real client engine against the real server. Dexie reads its
 * IndexedDB when its module loads, so it is also handed the fake explicitly, whatever the import
 * order.
 */
import 'fake-indexeddb/auto';
import { IDBKeyRange, indexedDB } from 'fake-indexeddb';
import Dexie from 'dexie';

Dexie.dependencies.indexedDB = indexedDB;
Dexie.dependencies.IDBKeyRange = IDBKeyRange;
