import { describe, expect, it } from 'vitest';
import {
  STORAGE_PROMISE_TEXT,
  WEBKIT_KEEP_ADVICE,
  offlineDataClearedMessage,
  storageAtRisk,
  storageLines,
} from './offline-storage';

describe('offline storage texts', () => {
  it('warns unless the browser promised to keep the data', () => {
    expect(storageAtRisk('granted')).toBe(false);
    expect(storageAtRisk(null)).toBe(false);
    expect(storageAtRisk('refused')).toBe(true);
    expect(storageAtRisk('not-asked')).toBe(true);
    expect(storageAtRisk('unsupported')).toBe(true);
    expect(STORAGE_PROMISE_TEXT.unsupported).toBe(
      'This browser makes no promise to keep offline data. Sync before closing.',
    );
  });

  it('tells Safari users to install the app or open it weekly, unless it is installed', () => {
    const safari = { webkit: true, installed: false };
    expect(storageLines('granted', safari)).toEqual([
      STORAGE_PROMISE_TEXT.granted,
      WEBKIT_KEEP_ADVICE,
    ]);
    expect(storageLines('granted', { webkit: true, installed: true })).toEqual([
      STORAGE_PROMISE_TEXT.granted,
    ]);
    expect(storageLines('refused', { webkit: false, installed: false })).toEqual([
      STORAGE_PROMISE_TEXT.refused,
    ]);
    expect(storageLines(null, safari)[0]).toBe('Offline storage status unknown.');
  });

  it('says nothing unsent was lost when the outbox was empty', () => {
    expect(offlineDataClearedMessage([])).toBe(
      'The browser cleared what this app kept on the phone. Everything saved on the server is being downloaded again. Nothing waiting to be sent was lost.',
    );
  });

  it('names each lost change, counting repeats', () => {
    expect(
      offlineDataClearedMessage(['Approve booking', 'Mark job En Route', 'Mark job En Route']),
    ).toBe(
      'The browser cleared what this app kept on the phone. Everything saved on the server is being downloaded again. 3 changes made on this phone had not reached the server and were lost: Approve booking, Mark job En Route (2). Please enter them again.',
    );
    expect(offlineDataClearedMessage(['Add fuel record'])).toContain(
      '1 change made on this phone had not reached the server and was lost: Add fuel record. Please enter it again.',
    );
  });
});
