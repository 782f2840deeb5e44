import { describe, expect, it } from 'vitest';
import {
  documentNumber,
  documentRef,
  documentSeries,
  isNumberedTable,
  isProvisional,
  keptNumber,
  matchesDocumentRef,
  shownId,
} from './document-number';

describe('document numbers and provisional references', () => {
  it('reads the number the server gave, else a key of the old form, else nothing yet', () => {
    expect(documentNumber({ id: 'INV-2026-P57', number: 'INV-2026-12' })).toBe('INV-2026-12');
    expect(documentNumber({ id: 'INV-2026-9' })).toBe('INV-2026-9');
    expect(documentNumber({ id: 'INV-2026-P57', number: null })).toBeNull();
  });

  it('never shows a key: the provisional wording stands in until the number arrives', () => {
    const waiting = { id: 'JOB-2026-P57' };
    expect(isProvisional(waiting)).toBe(true);
    expect(documentRef(waiting)).toBe('(number pending)');
    const numbered = { id: 'JOB-2026-P57', number: 'JOB-2026-12' };
    expect(isProvisional(numbered)).toBe(false);
    expect(documentRef(numbered)).toBe('JOB-2026-12');
    expect(shownId('Q-2026-P263')).toBe('(number pending)');
    expect(shownId('Q-2026-13')).toBe('Q-2026-13');
    expect(shownId('BKG-2026-4')).toBe('BKG-2026-4');
    expect(shownId(12)).toBe('12');
  });

  it('numbers a row in the series of the Perth year it was made in', () => {
    // 31 Dec 2026 23:30 in Perth is 15:30 UTC.
    expect(documentSeries('invoices', '2026-12-31T15:30:00.000Z')).toBe('INV-2026');
    expect(documentSeries('invoices', '2026-12-31T16:30:00.000Z')).toBe('INV-2027');
    expect(documentSeries('credit_notes', '2026-06-01T00:00:00.000Z')).toBe('CN-2026');
    expect(isNumberedTable('jobs')).toBe(true);
    expect(isNumberedTable('bookings')).toBe(false);
  });

  it('keeps the stored number on a rewrite and never copies another row’s', () => {
    const stored = { id: 'Q-2026-P3', number: 'Q-2026-7' };
    expect(keptNumber(stored, { id: 'Q-2026-P3' })).toBe('Q-2026-7');
    expect(keptNumber(undefined, { id: 'Q-2026-P4', number: 'Q-2026-7' })).toBeNull();
  });

  it('finds a row by its number or by the provisional reference read out before it', () => {
    const row = { id: 'JOB-2026-P57', number: 'JOB-2026-12' };
    expect(matchesDocumentRef(row, 'job-2026-12')).toBe(true);
    expect(matchesDocumentRef(row, ' JOB-2026-P57 ')).toBe(true);
    expect(matchesDocumentRef(row, 'JOB-2026-57')).toBe(false);
  });
});
