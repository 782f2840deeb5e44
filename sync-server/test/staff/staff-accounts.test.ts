/**
 * Staff accounts managed in the product: an admin adds admins and drivers, resets a
 * password, changes a role and deactivates; each change ends the account's sessions and closes
 * its open sync socket at once.
 */
import { describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { MESSAGES } from '@pilbara/shared-schema';
import { buildTestApp, login, snapshotDatabase, type TestApp, signedIn } from '../helper';
import { DRIVER, VALID_BODIES, seedStaffData } from './fixtures';

async function staffApp(): Promise<{ app: TestApp; admin: string }> {
  const app = await buildTestApp();
  seedStaffData(app);
  return { app, admin: await login(app) };
}

/** Opens a sync socket with the cookie; `closed` resolves with the close code. */
async function openSocket(app: TestApp, cookie: string) {
  await app.listen({ port: 0, host: '127.0.0.1' }).catch(() => undefined);
  const { port } = app.server.address() as { port: number };
  const socket = new WebSocket(`ws://127.0.0.1:${port}/api/sync/ws`, { headers: { cookie } });
  const received: Record<string, unknown>[] = [];
  socket.on('message', (data) =>
    received.push(JSON.parse(String(data)) as Record<string, unknown>),
  );
  const closed = new Promise<number>((resolve) => socket.once('close', (code) => resolve(code)));
  await new Promise((resolve, reject) => {
    socket.once('open', resolve);
    socket.once('error', reject);
  });
  return { socket, closed, received };
}

describe('staff accounts', () => {
  it('adds a driver who signs in, lists staff and offers the active drivers for assignment', async () => {
    const { app, admin } = await staffApp();
    const added = await signedIn(app, admin).post('/api/staff', VALID_BODIES.staff);
    expect(added.statusCode, added.body).toBe(201);
    const user = added.json().user as Record<string, unknown>;
    expect(user).toMatchObject({ username: 'jo.driver', role: 'driver', isActive: true });
    expect(user).not.toHaveProperty('password');

    const jo = await login(app, { username: 'jo.driver', password: 'driver-password-2' });
    const me = await signedIn(app, jo).get('/api/auth/me');
    expect(me.json().user).toMatchObject({ role: 'driver' });

    const staff = await signedIn(app, admin).get('/api/staff');
    expect((staff.json().staff as { username: string }[]).map((s) => s.username)).toEqual([
      'admin',
      'sam',
      'jo.driver',
    ]);
    const drivers = await signedIn(app, admin).get('/api/drivers');
    expect(drivers.json()).toEqual({
      drivers: [
        { id: user.id, name: 'Jo Kerr' },
        { id: DRIVER.id, name: DRIVER.name },
      ],
    });

    // A deactivated driver is no longer offered.
    await signedIn(app, admin).patch(`/api/staff/${DRIVER.id}`, { isActive: false });
    const after = await signedIn(app, admin).get('/api/drivers');
    expect(after.json().drivers).toEqual([{ id: user.id, name: 'Jo Kerr' }]);
  });

  it('refuses bad and duplicate accounts with the field and message, changing nothing', async () => {
    const { app, admin } = await staffApp();
    const before = snapshotDatabase(app);
    const post = (payload: object) => signedIn(app, admin).post('/api/staff', payload);

    const customer = await post({ ...VALID_BODIES.staff, role: 'customer' });
    expect(customer.statusCode).toBe(400);
    expect(customer.json().fields).toMatchObject({ role: MESSAGES.STAFF_ROLE_INVALID });
    const short = await post({ ...VALID_BODIES.staff, password: 'short' });
    expect(short.json().fields).toMatchObject({ password: MESSAGES.PASSWORD_MIN });
    const taken = await post({ ...VALID_BODIES.staff, username: 'SAM' });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().fields).toEqual({ username: MESSAGES.USERNAME_TAKEN });
    const empty = await signedIn(app, admin).patch(`/api/staff/${DRIVER.id}`, {});
    expect(empty.statusCode).toBe(400);
    const unknown = await signedIn(app, admin).patch('/api/staff/99', { isActive: false });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error).toBe(MESSAGES.STAFF_NOT_FOUND);
    // The only admin cannot be demoted or deactivated: someone must manage the staff.
    for (const payload of [{ role: 'driver' }, { isActive: false }]) {
      const last = await signedIn(app, admin).patch('/api/staff/1', payload);
      expect(last.statusCode, JSON.stringify(payload)).toBe(409);
      expect(last.json().error).toBe(MESSAGES.LAST_ADMIN);
    }
    expect(snapshotDatabase(app)).toEqual(before);
  });

  it('resets a password: the old one and the old sessions stop working', async () => {
    const { app, admin } = await staffApp();
    const old = await login(app, DRIVER);
    const reset = await signedIn(app, admin).post(`/api/staff/${DRIVER.id}/password`, {
      password: 'fresh-password-8',
    });
    expect(reset.statusCode).toBe(200);
    expect((await signedIn(app, old).get('/api/jobs')).statusCode).toBe(401);
    await expect(login(app, DRIVER)).rejects.toThrow(/401/);
    await login(app, { username: DRIVER.username, password: 'fresh-password-8' });
  });

  it('deactivation closes the driver’s open sync socket at once and signs them out', async () => {
    const { app, admin } = await staffApp();
    const driver = await login(app, DRIVER);
    const phone = await openSocket(app, driver);
    const started = Date.now();
    const deactivated = await signedIn(app, admin).patch(`/api/staff/${DRIVER.id}`, {
      isActive: false,
    });
    expect(deactivated.json().user).toMatchObject({ isActive: false });
    // Closed by the server without the device speaking first.
    expect(await phone.closed).toBe(4401);
    expect(Date.now() - started).toBeLessThan(5_000);
    expect(phone.received).toContainEqual(expect.objectContaining({ code: 'session_ended' }));
    expect((await signedIn(app, driver).get('/api/jobs')).statusCode).toBe(401);
    await expect(login(app, DRIVER)).rejects.toThrow(/401/);
  });

  it('a role change closes the socket too, and the next session carries the new role', async () => {
    const { app, admin } = await staffApp();
    const driver = await login(app, DRIVER);
    const phone = await openSocket(app, driver);
    const office = await openSocket(app, admin);
    const promoted = await signedIn(app, admin).patch(`/api/staff/${DRIVER.id}`, { role: 'admin' });
    expect(promoted.statusCode).toBe(200);
    expect(await phone.closed).toBe(4401);
    // Only that account's sockets close.
    expect(office.socket.readyState).toBe(WebSocket.OPEN);
    const again = await login(app, DRIVER);
    expect((await signedIn(app, again).get('/api/quotes')).statusCode).toBe(200);
    office.socket.close();
  });
});
