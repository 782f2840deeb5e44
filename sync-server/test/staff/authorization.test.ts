import { MESSAGES } from '@pilbara/shared-schema';
import { describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { buildTestApp, login, postRaw, registerCustomer, snapshotDatabase } from '../helper';
import { STAFF_CALLS } from './calls';
import { DRIVER, seedDriverJobs, seedStaffData } from './fixtures';

/**
 * The matrix tests make every staff call in turn (PDFs and backups among them): seconds on a
 * busy machine, more than the file's limit when every core is taken. They get their own limit, not
 * the file's.
 */
const LOOP_TIMEOUT_MS = 90_000;

describe('authorization matrix', () => {
  it(
    'answers every staff call 401 to a guest and 403 to a customer, and changes nothing',
    async () => {
      const app = await buildTestApp();
      seedStaffData(app);
      const customer = await registerCustomer(app);
      const before = snapshotDatabase(app);

      for (const call of STAFF_CALLS) {
        const name = `${call.method} ${call.url}`;
        const guest = await app.inject({
          method: call.method,
          url: call.url,
          payload: call.payload as object | undefined,
        });
        expect(guest.statusCode, `guest ${name}`).toBe(401);
        expect(guest.json().error, `guest ${name}`).toBe('Please log in to continue');

        const asCustomer = await app.inject({
          method: call.method,
          url: call.url,
          payload: call.payload as object | undefined,
          headers: { cookie: customer },
        });
        expect(asCustomer.statusCode, `customer ${name}`).toBe(403);
        // The refusal names the role the call needs.
        expect([MESSAGES.ADMIN_REQUIRED, MESSAGES.STAFF_REQUIRED], `customer ${name}`).toContain(
          asCustomer.json().error,
        );
      }
      // Even a malformed body is refused before it is read.
      const junk = await postRaw(app, '/api/jobs', 'application/json', '{not json');
      expect(junk.statusCode).toBe(401);

      expect(snapshotDatabase(app)).toEqual(before);
    },
    LOOP_TIMEOUT_MS,
  );

  it(
    'lets an admin make every staff call',
    async () => {
      const app = await buildTestApp();
      seedStaffData(app);
      const cookie = await login(app);
      for (const call of STAFF_CALLS) {
        const response = await app.inject({
          method: call.method,
          url: call.url,
          payload: call.payload as object | undefined,
          headers: { cookie },
        });
        expect(response.statusCode, `${call.method} ${call.url}: ${response.body}`).toBeLessThan(
          400,
        );
      }
    },
    LOOP_TIMEOUT_MS,
  );

  it(
    'lets a driver make the calls of their role and refuses the rest, changing nothing',
    async () => {
      const app = await buildTestApp();
      seedStaffData(app);
      seedDriverJobs(app);
      const cookie = await login(app, DRIVER);
      for (const call of STAFF_CALLS) {
        const name = `driver ${call.method} ${call.url} ${JSON.stringify(call.payload ?? '')}`;
        const before = snapshotDatabase(app);
        const response = await app.inject({
          method: call.method,
          url: call.url,
          payload: call.payload as object | undefined,
          headers: { cookie },
        });
        if (call.driver === 'ok') {
          expect(response.statusCode, `${name}: ${response.body}`).toBeLessThan(400);
          continue;
        }
        expect(response.statusCode, `${name}: ${response.body}`).toBe(call.driver);
        if (call.driver === 409) {
          // A lease the role may not hold: the sync protocol's refusal, as the device reads it.
          expect(response.json(), name).toMatchObject({ type: 'error', code: 'lease_refused' });
        } else {
          expect([MESSAGES.ADMIN_REQUIRED, MESSAGES.JOB_NOT_FOUND], name).toContain(
            response.json().error,
          );
        }
        expect(snapshotDatabase(app), name).toEqual(before);
      }
    },
    LOOP_TIMEOUT_MS,
  );

  it('refuses the sync socket to guests and customers', async () => {
    const app = await buildTestApp();
    const customer = await registerCustomer(app);
    await app.listen({ port: 0, host: '127.0.0.1' });
    const address = app.server.address();
    if (!address || typeof address === 'string') throw new Error('no port');
    const url = `ws://127.0.0.1:${address.port}/api/sync/ws`;
    const refusal = (headers: Record<string, string>) =>
      new Promise<number>((resolve, reject) => {
        const socket = new WebSocket(url, { headers });
        socket.on('unexpected-response', (_request, response) => {
          resolve(response.statusCode ?? 0);
          socket.terminate();
        });
        socket.on('open', () => {
          socket.close();
          reject(new Error('socket opened'));
        });
        socket.on('error', () => undefined);
      });
    expect(await refusal({})).toBe(401);
    expect(await refusal({ cookie: customer })).toBe(403);
  });
});
