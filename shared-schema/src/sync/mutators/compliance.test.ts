import { describe, expect, it } from 'vitest';
import { NOW, ok, rejected, row, tables } from './test-fixtures';

const complaint = {
  id: 4,
  channel: 'phone',
  name: 'Chris Tran',
  phone: '0411222333',
  details: 'The yard was closed when I came to collect my car on Tuesday.',
};

describe('the complaints register', () => {
  it('records a complaint received by phone, at the time it was received', () => {
    const state = ok(tables({}), 'complaint.record', complaint).tables;
    expect(row(state, 'complaints', 4)).toMatchObject({
      channel: 'phone',
      receivedAt: NOW,
      email: null,
      acknowledgedAt: null,
    });
    expect(
      rejected(tables({}), 'complaint.record', { ...complaint, phone: '', email: '' }).fields,
    ).toHaveProperty('email');
  });

  it('takes the procedure’s stages in order, each once', () => {
    let state = ok(tables({}), 'complaint.record', complaint).tables;
    expect(
      rejected(state, 'complaint.advance', { id: 4, stage: 'resolved', outcome: 'Refunded' })
        .message,
    ).toContain('in order');
    state = ok(state, 'complaint.advance', {
      id: 4,
      stage: 'acknowledged',
      by: 'Sam Owner',
    }).tables;
    state = ok(state, 'complaint.advance', {
      id: 4,
      stage: 'investigated',
      findings: 'Gate sign showed old hours',
    }).tables;
    state = ok(state, 'complaint.advance', {
      id: 4,
      stage: 'resolved',
      outcome: 'Apologised; storage for that day refunded',
    }).tables;
    expect(row(state, 'complaints', 4)).toMatchObject({
      acknowledgedBy: 'Sam Owner',
      findings: 'Gate sign showed old hours',
      resolvedAt: NOW,
    });
    expect(
      rejected(state, 'complaint.advance', { id: 4, stage: 'acknowledged', by: 'Sam' }).code,
    ).toBe('invalid_state');
  });
});

describe('notifiable occurrences', () => {
  it('records an occurrence and its report to the Department once', () => {
    let state = ok(tables({}), 'occurrence.record', {
      id: 2,
      kind: 'injury',
      occurredAt: '2026-11-21T08:00:00.000Z',
      description: 'Towing worker cut his hand loading the vehicle',
      recordedBy: 'Sam Owner',
    }).tables;
    expect(row(state, 'occurrences', 2)).toMatchObject({ awareAt: NOW, reportedAt: null });
    state = ok(state, 'occurrence.reported', { id: 2, reportReference: 'DoT ref 55120' }).tables;
    expect(row(state, 'occurrences', 2)).toMatchObject({ reportedAt: NOW });
    expect(rejected(state, 'occurrence.reported', { id: 2, reportReference: 'again' }).code).toBe(
      'invalid_state',
    );
  });
});
