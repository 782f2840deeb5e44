/**
 * Every staff write call gets at least 20 kinds of malformed request — broken JSON, wrong
 * types, missing and oversized fields, negative money, unknown and malformed ids — and must
 * answer each with a 4xx and a message, never a 5xx, and leave every table as it was.
 */
import { describe, expect, it } from 'vitest';
import { buildTestApp, login, snapshotDatabase, type TestApp } from '../helper';
import { VALID_BODIES, seedStaffData } from './fixtures';

type Method = 'POST' | 'PUT' | 'PATCH' | 'DELETE';

interface WriteCall {
  method: Method;
  /** The URL for an id; the call's valid id when omitted. */
  url: (id?: string) => string;
  validId?: string;
  idKind?: 'text' | 'int';
  body?: Record<string, unknown>;
  /** The body may be empty (approve, duplicate): an empty object is a valid request. */
  bodyOptional?: boolean;
  /** Null is a meaningful value of every field (`{assignedTo: null}` unassigns). */
  nullAllowed?: boolean;
  /** `role` is one of the call's fields (staff accounts), so it is no unknown field here. */
  roleField?: boolean;
}

const WRITE_CALLS: WriteCall[] = [
  { method: 'POST', url: () => '/api/jobs', body: VALID_BODIES.job },
  {
    method: 'PATCH',
    url: (id = 'JOB-2026-1') => `/api/jobs/${id}`,
    idKind: 'text',
    body: { status: 'En Route', progress: 25 },
  },
  {
    method: 'PATCH',
    url: (id = 'JOB-2026-1') => `/api/jobs/${id}`,
    idKind: 'text',
    body: { assignedTo: 'Both' },
    nullAllowed: true,
  },
  { method: 'DELETE', url: (id = 'JOB-2026-3') => `/api/jobs/${id}`, idKind: 'text' },
  {
    method: 'POST',
    url: (id = 'BKG-2026-1') => `/api/bookings/${id}/approve`,
    idKind: 'text',
    body: {},
    bodyOptional: true,
  },
  { method: 'POST', url: () => '/api/quotes', body: VALID_BODIES.quote },
  {
    method: 'PUT',
    url: (id = 'Q-2026-1') => `/api/quotes/${id}`,
    idKind: 'text',
    body: VALID_BODIES.quote,
  },
  {
    method: 'PATCH',
    url: (id = 'Q-2026-1') => `/api/quotes/${id}`,
    idKind: 'text',
    body: { status: 'sent' },
  },
  {
    method: 'POST',
    url: (id = 'Q-2026-1') => `/api/quotes/${id}/duplicate`,
    idKind: 'text',
    body: {},
    bodyOptional: true,
  },
  { method: 'DELETE', url: (id = 'Q-2026-1') => `/api/quotes/${id}`, idKind: 'text' },
  { method: 'POST', url: () => '/api/vehicles', body: VALID_BODIES.vehicle },
  {
    method: 'PUT',
    url: (id = '1') => `/api/vehicles/${id}`,
    idKind: 'int',
    body: { modifications: ['Snatch Block'], mileage: 60000 },
  },
  { method: 'DELETE', url: (id = '1') => `/api/vehicles/${id}`, idKind: 'int' },
  { method: 'POST', url: () => '/api/service-records', body: VALID_BODIES.serviceRecord },
  { method: 'POST', url: () => '/api/fuel-records', body: VALID_BODIES.fuelRecord },
  { method: 'POST', url: () => '/api/mileage-records', body: VALID_BODIES.mileageRecord },
  { method: 'POST', url: () => '/api/fleet-expenses', body: VALID_BODIES.fleetExpense },
  { method: 'PUT', url: () => '/api/notification-preferences', body: VALID_BODIES.preference },
  { method: 'POST', url: () => '/api/prestart-checks', body: VALID_BODIES.prestartCheck },
  {
    method: 'POST',
    url: (id = '1') => `/api/vehicle-defects/${id}/resolve`,
    idKind: 'int',
    body: VALID_BODIES.defectFixed,
  },
  {
    method: 'PUT',
    url: (id = 'JOB-2026-1') => `/api/jobs/${id}/vehicle`,
    idKind: 'text',
    body: VALID_BODIES.jobVehicle,
    nullAllowed: true,
  },
  {
    method: 'POST',
    url: (id = 'Q-2026-1') => `/api/quotes/${id}/record-payment`,
    idKind: 'text',
    body: { method: 'cash', amount: 25000, reference: 'Till 2' },
  },
  {
    method: 'POST',
    url: (id = 'Q-2026-1') => `/api/quotes/${id}/send-email`,
    idKind: 'text',
    body: {},
    bodyOptional: true,
  },
  {
    method: 'POST',
    url: () => '/api/sync/push',
    body: VALID_BODIES.syncPush,
  },
  {
    method: 'POST',
    url: () => '/api/sync/lease',
    body: VALID_BODIES.syncLease,
  },
  { method: 'POST', url: () => '/api/staff', body: VALID_BODIES.staff, roleField: true },
  {
    method: 'POST',
    url: (id = '2') => `/api/staff/${id}/password`,
    idKind: 'int',
    body: { password: 'a-new-password-7' },
  },
  {
    method: 'PATCH',
    url: (id = '2') => `/api/staff/${id}`,
    idKind: 'int',
    body: { role: 'admin', isActive: false },
    roleField: true,
  },
];

/** A request as light-my-request takes it. */
interface Malformed {
  kind: string;
  url: string;
  payload?: string;
  contentType?: string;
}

const HUGE = 'x'.repeat(10_001);
const MONEY_FIELDS = new Set([
  'totalCost',
  'laborCost',
  'partsCost',
  'pricePerLiter',
  'amount',
  'unitPrice',
]);

const TEXT_IDS = [
  'JOB-2026-999999',
  'BKG-2026-999999',
  'Q-2026-999999',
  'job-2026-1',
  'JOB-2026',
  'JOB-20X6-1',
  '1',
  '-1',
  'abc',
  "'%20OR%201=1%20--",
  '%00',
  'x'.repeat(300),
  '..%2F..%2Fetc%2Fpasswd',
  'JOB-2026-1.5',
  'JOB-2026-1e3',
  '%F0%9F%9A%97',
  'null',
  'undefined',
  '%5B%5D',
  '%7B%7D',
  'JOB-2026-1%20',
];

const INT_IDS = [
  '999999',
  '0',
  '-1',
  '1.5',
  'abc',
  '1e9',
  'Infinity',
  'NaN',
  '0x10',
  '%20',
  'x'.repeat(300),
  'null',
  '%5B1%5D',
  '1%3B%20DROP%20TABLE%20vehicles',
  '..%2F1',
  '9'.repeat(40),
  '%F0%9F%9A%97',
  'true',
  '1abc',
  '-0',
  '2%2C3',
];

function wrongType(value: unknown): unknown {
  if (typeof value === 'string') return 12345;
  if (typeof value === 'number') return String(value);
  if (typeof value === 'boolean') return 'yes';
  if (Array.isArray(value)) return 'not-a-list';
  return 5;
}

function malformedRequests(call: WriteCall): Malformed[] {
  const url = call.url();
  const json = (kind: string, payload: unknown): Malformed => ({
    kind,
    url,
    payload: JSON.stringify(payload),
  });
  const requests: Malformed[] = [];
  if (call.idKind) {
    const ids = call.idKind === 'text' ? TEXT_IDS : INT_IDS;
    for (const id of ids) {
      requests.push({
        kind: `id ${id.slice(0, 30)}`,
        url: call.url(id),
        payload: call.body ? JSON.stringify(call.body) : undefined,
      });
    }
  }
  if (!call.body) return requests;

  const body = call.body;
  requests.push(
    { kind: 'invalid JSON', url, payload: '{"customerName": "Pat",' },
    { kind: 'truncated JSON', url, payload: '{' },
    { kind: 'JSON with a trailing comma', url, payload: '{"a": 1,}' },
    { kind: 'text/plain body', url, payload: JSON.stringify(body), contentType: 'text/plain' },
    {
      kind: 'body over the size limit',
      url,
      payload: JSON.stringify({ ...body, notes: 'x'.repeat(5_000_000) }),
    },
    json('array body', [body]),
    json('string body', 'hello'),
    json('number body', 42),
    json('boolean body', true),
  );
  if (!call.bodyOptional) {
    requests.push(
      json('null body', null),
      json('empty object', {}),
      // `role` is an unknown field everywhere but the staff account calls, where it is real.
      json('only unknown fields', { hello: 'world', ...(call.roleField ? {} : { role: 'admin' }) }),
      json(
        'prototype pollution',
        JSON.parse('{"__proto__": {"role": "admin"}, "constructor": {"prototype": {"x": 1}}}'),
      ),
      json('every field a number', Object.fromEntries(Object.keys(body).map((key) => [key, -1]))),
      json(
        'every field huge text',
        Object.fromEntries(Object.keys(body).map((key) => [key, HUGE])),
      ),
      json(
        'every field an object',
        Object.fromEntries(
          Object.keys(body).map((key) => [key, { nested: { deeper: [1, 2, 3] } }]),
        ),
      ),
      json('every field a list', Object.fromEntries(Object.keys(body).map((key) => [key, [key]]))),
    );
    if (!call.nullAllowed)
      requests.push(
        json('every field null', Object.fromEntries(Object.keys(body).map((key) => [key, null]))),
      );
    for (const [key, value] of Object.entries(body)) {
      requests.push(json(`${key} of the wrong type`, { ...body, [key]: wrongType(value) }));
      if (typeof value === 'string')
        requests.push(json(`${key} too long`, { ...body, [key]: HUGE }));
      if (typeof value === 'number') {
        requests.push(json(`${key} negative`, { ...body, [key]: -1 }));
        // No figure may be astronomically large.
        requests.push(json(`${key} 2^53-1`, { ...body, [key]: Number.MAX_SAFE_INTEGER }));
        requests.push(json(`${key} 1e308`, { ...body, [key]: 1e308 }));
      }
      if (/phone/i.test(key) && typeof value === 'string') {
        for (const phone of ['2026-11-21 10:00', '🚗🚗🚗🚗🚗🚗🚗🚗🚗🚗', '0400-000-000-000'])
          requests.push(json(`${key} not a phone: ${phone}`, { ...body, [key]: phone }));
      }
      if (MONEY_FIELDS.has(key))
        requests.push(json(`${key} fractional cents`, { ...body, [key]: 10.5 }));
    }
    if ('vehicleId' in body)
      requests.push(json('unknown vehicle', { ...body, vehicleId: 999_999 }));
    if ('checkedAt' in body && Array.isArray(body.items)) {
      // A pre-start check: every item answered once, a failure with its note.
      const items = body.items as { key: string; result: string }[];
      requests.push(
        json('check with no items', { ...body, items: [] }),
        json('check missing an item', { ...body, items: items.slice(1) }),
        json('check with an item twice', { ...body, items: [...items, items[0]] }),
        json('check with an unknown item', {
          ...body,
          items: [...items, { key: 'x', result: 'pass' }],
        }),
        json('failed item without a note', {
          ...body,
          items: items.map((item, index) => (index === 0 ? { ...item, result: 'fail' } : item)),
        }),
        json('item result maybe', {
          ...body,
          items: items.map((item, index) => (index === 0 ? { ...item, result: 'maybe' } : item)),
        }),
        json('negative odometer', { ...body, odometer: -1 }),
        json('check time not a time', { ...body, checkedAt: 'yesterday' }),
      );
    }
    if ('items' in body && 'customerName' in body) {
      requests.push(
        json('no items', { ...body, items: [] }),
        json('item with negative price', {
          ...body,
          items: [{ description: 'Tow', quantity: 1, unitPrice: -500, category: 'service' }],
        }),
        json('item with zero quantity', {
          ...body,
          items: [{ description: 'Tow', quantity: 0, unitPrice: 500, category: 'service' }],
        }),
        json('item without description', {
          ...body,
          items: [{ quantity: 1, unitPrice: 500, category: 'service' }],
        }),
        // The quote limits: 200 lines, 1,000 each, $1,000,000 a unit, $10,000,000 in all.
        json('201 items', {
          ...body,
          items: Array.from({ length: 201 }, () => ({
            description: 'Tow',
            quantity: 1,
            unitPrice: 500,
          })),
        }),
        json('80,000 items', {
          ...body,
          items: Array.from({ length: 80_000 }, () => ({
            description: 'T',
            quantity: 1,
            unitPrice: 1,
          })),
        }),
        json('quantity 1,001', {
          ...body,
          items: [{ description: 'Tow', quantity: 1001, unitPrice: 500 }],
        }),
        json('unit price above $1,000,000', {
          ...body,
          items: [{ description: 'Tow', quantity: 1, unitPrice: 100_000_001 }],
        }),
        json('quantity and price 2^53-1', {
          ...body,
          items: [
            {
              description: 'Tow',
              quantity: Number.MAX_SAFE_INTEGER,
              unitPrice: Number.MAX_SAFE_INTEGER,
            },
          ],
        }),
        json('total above $10,000,000', {
          ...body,
          items: Array.from({ length: 11 }, () => ({
            description: 'Tow',
            quantity: 1000,
            unitPrice: 100_000,
          })),
        }),
        json('distance 1e308 km', { ...body, distance: 1e308 }),
        json('distance 5,001 km', { ...body, distance: 5001 }),
      );
    }
    if ('mutations' in body) {
      requests.push(
        json('mutation seq 0', {
          ...body,
          mutations: [{ seq: 0, mutationId: 'm', name: 'x', args: {}, createdAt: 'x' }],
        }),
        json('mutation without name', {
          ...body,
          mutations: [{ seq: 1, mutationId: 'm', args: {}, createdAt: 'x' }],
        }),
      );
    }
  } else {
    requests.push(
      json('id of the wrong type', { jobId: 5, id: 5 }),
      json('malformed id in body', { jobId: 'JOB-1', id: 'Q-1' }),
      json('huge id in body', { jobId: HUGE, id: HUGE }),
    );
  }
  return requests;
}

async function sendAll(app: TestApp, cookie: string, call: WriteCall): Promise<string[]> {
  const failures: string[] = [];
  const requests = malformedRequests(call);
  expect(requests.length, `${call.method} ${call.url()} kinds`).toBeGreaterThanOrEqual(20);
  for (const request of requests) {
    const headers: Record<string, string> = { cookie };
    if (request.payload !== undefined)
      headers['content-type'] = request.contentType ?? 'application/json';
    const response = await app.inject({
      method: call.method,
      url: request.url,
      headers,
      payload: request.payload,
    });
    const label = `${call.method} ${call.url()} [${request.kind}] → ${response.statusCode} ${response.body.slice(0, 160)}`;
    let message: unknown;
    try {
      message = (response.json() as { error?: unknown }).error;
    } catch {
      message = undefined;
    }
    if (
      response.statusCode < 400 ||
      response.statusCode >= 500 ||
      typeof message !== 'string' ||
      message.length === 0
    ) {
      failures.push(label);
    }
  }
  return failures;
}

describe('bad input to staff writes', () => {
  it('answers every malformed request with a 4xx and a message and changes no row', async () => {
    const app = await buildTestApp();
    seedStaffData(app);
    const cookie = await login(app);
    const before = snapshotDatabase(app);
    const failures: string[] = [];
    for (const call of WRITE_CALLS) failures.push(...(await sendAll(app, cookie, call)));
    expect(failures).toEqual([]);
    expect(snapshotDatabase(app)).toEqual(before);
  });
});
