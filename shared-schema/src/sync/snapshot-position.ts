/**
 * Where a new device's snapshot stands (docs/sync.md, "A new device starts from a snapshot"):
 * the server writes a position into each page and reads it back when the device asks for the
 * next one, and the device reads it too, to tell when the rows of its first screen are all in.
 * One format for both sides, so neither guesses at the other's text.
 *
 * `f:<table>:<rowid>`: in the first screen, table `FIRST_SCREEN_TABLES[table]` after `rowid`;
 * `h`: history from its newest change; `h:<seq>:<time>`: history after that change.
 */
import { FIRST_SCREEN_TABLES } from './offline-scope';

/** A parsed position: in the first screen's table `table` after `rowid`, or in history. */
export type SnapshotPart =
  | { part: 'first'; table: number; rowid: number }
  | { part: 'history'; after: { seq: number; at: string } | null };

/** Where a snapshot starts: the first table of the first screen. */
export const SNAPSHOT_START = 'f:0:0';

/** Reads a position the server wrote; null for any other text. */
export function parseSnapshotPosition(text: string): SnapshotPart | null {
  const first = /^f:(\d+):(\d+)$/.exec(text);
  if (first) {
    const table = Number(first[1]);
    return table <= FIRST_SCREEN_TABLES.length
      ? { part: 'first', table, rowid: Number(first[2]) }
      : null;
  }
  if (text === 'h') return { part: 'history', after: null };
  const history = /^h:(\d+):(.+)$/.exec(text);
  if (history) return { part: 'history', after: { seq: Number(history[1]), at: history[2] ?? '' } };
  return null;
}

/** The text of a position, as a page carries it. */
export function writeSnapshotPosition(position: SnapshotPart): string {
  if (position.part === 'first') return `f:${position.table}:${position.rowid}`;
  return position.after ? `h:${position.after.seq}:${position.after.at}` : 'h';
}

/**
 * Whether a device whose snapshot will go on from `next` (null: the snapshot is complete) holds
 * every row of its first screen: the first part is sent in full before any history.
 */
export function firstScreenReceived(next: string | null): boolean {
  if (next === null) return true;
  return parseSnapshotPosition(next)?.part === 'history';
}
