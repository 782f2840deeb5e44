import { describe, expect, it } from 'vitest';
import {
  PROTOCOL_VERSION,
  clientMessageSchema,
  helloMessageSchema,
  idSeriesSchema,
  isClientSupported,
  serverMessageSchema,
} from './protocol';

describe('sync protocol', () => {
  it('lets a hello report the id blocks the device holds, and refuses nonsense blocks', () => {
    const hello = {
      type: 'hello',
      protocolVersion: PROTOCOL_VERSION,
      schemaVersion: 1,
      clientId: 'c1',
      cursor: 4,
      ackedSeq: 2,
    };
    const held = { series: 'JOB-2026', start: 51, end: 100 };
    expect(helloMessageSchema.parse({ ...hello, leases: [held] }).leases).toEqual([held]);
    expect(helloMessageSchema.safeParse({ ...hello, leases: [{ ...held, end: 50 }] }).success).toBe(
      false,
    );
    expect(
      helloMessageSchema.safeParse({ ...hello, leases: [{ ...held, series: 'BOGUS' }] }).success,
    ).toBe(false);
  });

  it('accepts every client message and tells them apart by type', () => {
    const messages = [
      {
        type: 'hello',
        protocolVersion: PROTOCOL_VERSION,
        schemaVersion: 1,
        clientId: 'c1',
        cursor: 0,
        ackedSeq: 0,
      },
      {
        type: 'push',
        clientId: 'c1',
        mutations: [
          {
            seq: 1,
            mutationId: 'm1',
            name: 'job.markEnRoute',
            args: { id: 'JOB-2026-1', updateId: 1 },
            createdAt: '2026-11-21T10:00:00Z',
          },
        ],
      },
      { type: 'pull', clientId: 'c1', cursor: 10, ackedSeq: 1 },
      { type: 'lease-request', clientId: 'c1', series: 'JOB-2026', size: 50 },
    ];
    expect(messages.map((message) => clientMessageSchema.parse(message).type)).toEqual([
      'hello',
      'push',
      'pull',
      'lease-request',
    ]);
  });

  it('accepts every server message', () => {
    const messages = [
      {
        type: 'changes',
        changes: [{ seq: 1, entity: 'jobs', rowId: 'JOB-2026-1', op: 'delete', data: null }],
        cursor: 1,
        hasMore: false,
        reset: false,
        lastSeq: 0,
        results: [],
      },
      {
        type: 'results',
        results: [
          { seq: 1, mutationId: 'm1', status: 'rejected', code: 'invalid_state', message: 'No' },
        ],
        lastSeq: 1,
      },
      { type: 'poke', cursor: 5 },
      { type: 'lease-grant', series: 'vehicles', start: 1, end: 50 },
      { type: 'update-required', minProtocolVersion: 2, message: 'Update' },
      { type: 'error', code: 'busy', message: 'Try again', retryable: true },
    ];
    for (const message of messages) expect(serverMessageSchema.parse(message)).toEqual(message);
  });

  it('rejects unknown types, negative cursors, unknown tables and oversized batches', () => {
    expect(clientMessageSchema.safeParse({ type: 'gossip' }).success).toBe(false);
    expect(serverMessageSchema.safeParse({ type: 'gossip' }).success).toBe(false);
    expect(
      clientMessageSchema.safeParse({ type: 'pull', clientId: 'c1', cursor: -1, ackedSeq: 0 })
        .success,
    ).toBe(false);
    expect(
      serverMessageSchema.safeParse({
        type: 'changes',
        changes: [{ seq: 1, entity: 'users', rowId: 1, op: 'put', data: {} }],
        cursor: 1,
        hasMore: false,
        reset: false,
        lastSeq: 0,
        results: [],
      }).success,
    ).toBe(false);
    const mutation = { seq: 1, mutationId: 'm', name: 'fuel.add', args: {}, createdAt: 'x' };
    expect(
      clientMessageSchema.safeParse({
        type: 'push',
        clientId: 'c1',
        mutations: Array.from({ length: 501 }, () => mutation),
      }).success,
    ).toBe(false);
  });

  it('knows the id series devices may lease', () => {
    expect(idSeriesSchema.safeParse('JOB-2026').success).toBe(true);
    expect(idSeriesSchema.safeParse('fuel_records').success).toBe(true);
    expect(idSeriesSchema.safeParse('users').success).toBe(false);
    expect(idSeriesSchema.safeParse('JOB-26').success).toBe(false);
  });

  it('refuses clients older than the minimum version', () => {
    expect(isClientSupported(PROTOCOL_VERSION)).toBe(true);
    expect(isClientSupported(0)).toBe(false);
  });
});
