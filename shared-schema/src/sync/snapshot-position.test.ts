import { describe, expect, it } from 'vitest';
import { FIRST_SCREEN_TABLES } from './offline-scope';
import {
  SNAPSHOT_START,
  firstScreenReceived,
  parseSnapshotPosition,
  writeSnapshotPosition,
} from './snapshot-position';

describe('snapshot positions', () => {
  it('reads back what it writes, in both parts', () => {
    for (const text of [SNAPSHOT_START, 'f:3:1200', 'h', 'h:42:2026-12-06T10:00:00.000Z']) {
      const parsed = parseSnapshotPosition(text);
      expect(parsed).not.toBeNull();
      expect(writeSnapshotPosition(parsed!)).toBe(text);
    }
  });

  it('refuses text it never writes, and a table past the first screen’s', () => {
    for (const text of ['', 'x', 'f:1', 'f:a:1', 'h:', `f:${FIRST_SCREEN_TABLES.length + 1}:0`]) {
      expect(parseSnapshotPosition(text)).toBeNull();
    }
  });

  it('says the first screen is on the device once the snapshot is in history or done', () => {
    expect(firstScreenReceived(SNAPSHOT_START)).toBe(false);
    expect(firstScreenReceived('f:5:99')).toBe(false);
    // The position after the last table still reads the first part (the server moves on from it).
    expect(firstScreenReceived(`f:${FIRST_SCREEN_TABLES.length}:0`)).toBe(false);
    expect(firstScreenReceived('h')).toBe(true);
    expect(firstScreenReceived('h:7:2026-12-06T10:00:00.000Z')).toBe(true);
    expect(firstScreenReceived(null)).toBe(true);
    // Text no server wrote proves nothing.
    expect(firstScreenReceived('garbage')).toBe(false);
  });
});
