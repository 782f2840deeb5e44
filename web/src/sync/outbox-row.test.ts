import { describe, expect, it } from 'vitest';
import { outboxRow } from './outbox-row';

const mutation = {
  mutationId: 'c8b0f5f2-5d8e-4f35-9a57-3f1c2a7d9e10',
  name: 'job.markEnRoute',
  args: { id: 'J-0001-12' },
  createdAt: '2026-12-06T01:30:00.000Z',
  reads: ['jobs:J-0001-12'],
  writes: ['jobs:J-0001-12'],
  keys: ['jobs:J-0001-12'],
};

describe('an outbox row', () => {
  it('holds the mutation under the seq and device identity it is given', () => {
    expect(outboxRow({ seq: 7, clientId: 'device-a' }, mutation)).toEqual({
      seq: 7,
      clientId: 'device-a',
      ...mutation,
    });
  });

  it('keeps only what the outbox stores of a row it renumbers', () => {
    const acknowledged = { ...mutation, seq: 3, clientId: 'device-old', ackedAt: '2026-12-06' };
    const row = outboxRow({ seq: 1, clientId: 'device-new' }, acknowledged);
    expect(row).toEqual({ seq: 1, clientId: 'device-new', ...mutation });
    expect(Object.keys(row).sort()).toEqual([
      'args',
      'clientId',
      'createdAt',
      'keys',
      'mutationId',
      'name',
      'reads',
      'seq',
      'writes',
    ]);
  });
});
