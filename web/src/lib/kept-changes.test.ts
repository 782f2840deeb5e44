import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  clearKeptChanges,
  onKeptChanges,
  readKeptChanges,
  writeKeptChanges,
  type KeptChangesHint,
} from './kept-changes';

const SAM: KeptChangesHint = { userId: '2', name: 'Sam Taylor', username: 'sam' };

afterEach(() => {
  localStorage.clear();
});

describe('the mark that a signed-out phone holds a staff member’s changes', () => {
  it('says whose changes wait, across a reload', () => {
    expect(readKeptChanges()).toBeNull();
    writeKeptChanges(SAM);
    expect(readKeptChanges()).toEqual(SAM);
  });

  it('tells the app shell in this tab when it is written and when it is cleared', () => {
    const listener = vi.fn();
    const stop = onKeptChanges(listener);
    writeKeptChanges(SAM);
    expect(listener).toHaveBeenCalledTimes(1);
    clearKeptChanges();
    expect(readKeptChanges()).toBeNull();
    expect(listener).toHaveBeenCalledTimes(2);
    stop();
    writeKeptChanges(SAM);
    expect(listener).toHaveBeenCalledTimes(2);
  });

  it('says nothing when cleared with nothing kept', () => {
    const listener = vi.fn();
    const stop = onKeptChanges(listener);
    clearKeptChanges();
    expect(listener).not.toHaveBeenCalled();
    stop();
  });

  it.each([
    ['a mark without the username', { userId: '2', name: 'Sam Taylor' }],
    ['a numeric user id from an older app', { ...SAM, userId: 2 }],
    ['something that is not a mark', 'sam'],
  ])('reads %s as no mark', (_, stored) => {
    localStorage.setItem('staff_kept_changes', JSON.stringify(stored));
    expect(readKeptChanges()).toBeNull();
  });
});
