/**
 * An account's own sign-in (role `account`) sees its own account and nothing else, on every
 * route and in sync: every route of the API is called with another account's ids in its path,
 * and no answer carries anything of that account; the staff and sync calls refuse the role; the
 * account's own calls answer its own records only.
 */
import { describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { mintTextId } from '../../src/db/id-series';
import { buildTestApp, login, signedIn, snapshotDatabase, type TestApp } from '../helper';
import { createQuote, staffMutation } from '../billing/billing-helper';
import { accountSignIn, addAccount, billedJob, fleet, mineSite } from './account-helper';

interface Operation {
  tags?: string[];
  security?: unknown[];
}

/** Every operation of the API description, by method and path. */
async function operations(
  app: TestApp,
): Promise<{ method: string; path: string; op: Operation }[]> {
  const document = (await app.inject({ url: '/api/docs/json' })).json() as {
    paths: Record<string, Record<string, Operation>>;
  };
  return Object.entries(document.paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, op]) => ({ method: method.toUpperCase(), path, op })),
  );
}

/** Two accounts with work each, and the mine's contact signed in. */
async function twoAccounts() {
  const app = await buildTestApp();
  const admin = await login(app);
  const mine = await addAccount(app, admin, mineSite());
  const other = await addAccount(app, admin, fleet());
  const own = billedJob(app, mine, { customerName: 'Priya Nair' });
  const theirs = billedJob(app, other, { customerName: 'Bea Haulier', po: 'HAUL-PO-77' });
  const theirQuote = createQuote(
    app,
    { customerName: 'Pilbara Haulage Services Pty Ltd', accountId: other.id } as Parameters<
      typeof createQuote
    >[1],
    'sent',
  );
  const cookie = await accountSignIn(app, admin, mine.id, 'priya');
  return { app, admin, mine, other, own, theirs, theirQuote, cookie };
}

/** What of the other account must never reach the mine's sign-in. */
function markersOf(setup: Awaited<ReturnType<typeof twoAccounts>>): string[] {
  const { other, theirs, theirQuote } = setup;
  return [
    other.legalName,
    other.name,
    'finance@haulage.example',
    'Bea Haulier',
    'HAUL-PO-77',
    theirs.job.id,
    theirs.invoice.id,
    theirs.invoice.number ?? theirs.invoice.id,
    theirQuote.id,
  ];
}

describe('an account’s own sign-in', () => {
  it('gets nothing of another account from any route, and is refused every staff call', async () => {
    const setup = await twoAccounts();
    const { app, cookie, other, theirs, theirQuote } = setup;
    const markers = markersOf(setup);
    // The calls that would end the sign-in's own session are left to the end of the list.
    const last = new Set(['/api/auth/logout', '/api/auth/change-password']);
    const all = (await operations(app)).sort(
      (a, b) => Number(last.has(a.path)) - Number(last.has(b.path)),
    );
    expect(all.length).toBeGreaterThan(60);
    const before = snapshotDatabase(app);
    const leaks: string[] = [];
    const allowed: string[] = [];
    for (const { method, path, op } of all) {
      const url = path
        .replace(/^\/api\/accounts\/\{id\}/, `/api/accounts/${other.id}`)
        .replace(/\/(invoices|credit-notes)\/\{id\}/, `/$1/${theirs.invoice.id}`)
        .replace(/\/quotes\/\{id\}/, `/quotes/${theirQuote.id}`)
        .replace(/\/jobs\/\{id\}/, `/jobs/${theirs.job.id}`)
        // A phone number is a guest's proof (the no-login dashboard shows its owner's jobs):
        // the other account's job is asked for by its number alone, which proves nothing.
        .replace(/\{lookup\}/, theirs.job.id)
        .replace(/\{token\}/, 'aaaaaaaaaaaaaaaaaaaaaa')
        .replace(/\{[^}]+\}/g, '1');
      const query = path.includes('statement.pdf') ? '?month=2026-11' : '';
      const response = await app.inject({
        method: method as 'GET',
        url: url + query,
        headers: {
          cookie,
          ...(method === 'GET' || method === 'DELETE'
            ? {}
            : { 'content-type': 'application/json' }),
        },
        ...(method === 'GET' || method === 'DELETE' ? {} : { payload: '{}' }),
      });
      const text = response.body;
      for (const marker of markers)
        if (text.includes(marker))
          leaks.push(`${method} ${path} → ${response.statusCode} holds ${marker}`);
      const tags = op.tags ?? [];
      if (tags.includes('staff') || tags.includes('sync')) {
        // Refused by role; a file route looks its record up first, and an unknown one is 404.
        expect([403, 404], `${method} ${path} → ${response.statusCode}`).toContain(
          response.statusCode,
        );
      } else if (response.statusCode < 300) {
        allowed.push(`${method} ${path}`);
      }
    }
    expect(leaks).toEqual([]);
    // What the sign-in could use at all: public calls, its own session, and its own account.
    expect(allowed.filter((route) => route.includes('/account'))).toEqual([
      'GET /api/accounts',
      'GET /api/account/portal',
    ]);
    // Nothing it sent changed any record (its own session and rate counts aside).
    const after = snapshotDatabase(app);
    for (const table of [
      'accounts',
      'jobs',
      'bookings',
      'quotes',
      'invoices',
      'payments',
      'changes',
    ])
      expect(after[table], table).toEqual(before[table]);
  });

  it('reads its own account, jobs, invoices, quotes and statements', async () => {
    const { app, cookie, mine, own } = await twoAccounts();
    const me = await signedIn(app, cookie).get('/api/auth/me');
    expect(me.json().user).toMatchObject({ role: 'account', accountId: mine.id });
    const list = await signedIn(app, cookie).get('/api/accounts');
    expect((list.json().accounts as { id: number }[]).map((account) => account.id)).toEqual([
      mine.id,
    ]);
    const portal = (await signedIn(app, cookie).get('/api/account/portal')).json();
    expect(portal.account).toMatchObject({ id: mine.id, legalName: mine.legalName });
    expect(portal.account).not.toHaveProperty('creditLimitCents');
    expect(portal.account.sites[0]).not.toHaveProperty('inductions');
    expect(portal.jobs.map((job: { id: string }) => job.id)).toEqual([own.job.id]);
    expect(portal.jobs[0]).not.toHaveProperty('notes');
    expect(portal.invoices.map((invoice: { id: string }) => invoice.id)).toEqual([own.invoice.id]);
    expect(portal.updates.every((update: { jobId: string }) => update.jobId === own.job.id)).toBe(
      true,
    );
    const pdf = await signedIn(app, cookie).get(`/api/account/invoices/${own.invoice.number}/pdf`);
    expect(pdf.statusCode).toBe(200);
    const statement = await signedIn(app, cookie).get(
      `/api/accounts/${mine.id}/statement.pdf?month=${own.invoice.createdAt.slice(0, 7)}`,
    );
    expect(statement.statusCode).toBe(200);
  });

  it('books work at its own site with its PO, and only there', async () => {
    const { app, cookie, mine, other } = await twoAccounts();
    const booking = {
      customerName: 'Priya Nair',
      phone: '0891 000 111',
      email: 'priya@capelambert.example',
      service: 'Heavy Vehicle Recovery',
      location: 'Cape Lambert gate 2, workshop bay 3',
      preferredDate: '',
      preferredTime: '',
      urgency: 'emergency',
      description: 'Haul truck bogged beside the conveyor, needs a heavy recovery',
      siteId: mine.sites[0]?.id,
      poNumber: '4500099911',
    };
    const made = await signedIn(app, cookie).post('/api/account/bookings', booking);
    expect(made.statusCode, made.body).toBe(201);
    expect(made.json().booking).toMatchObject({
      accountId: mine.id,
      siteId: 's1',
      poNumber: '4500099911',
      status: 'pending',
    });
    const noPo = await signedIn(app, cookie).post('/api/account/bookings', {
      ...booking,
      poNumber: '',
    });
    expect(noPo.statusCode).toBe(400);
    expect(noPo.json().fields).toMatchObject({ poNumber: expect.any(String) });
    const elsewhere = await signedIn(app, cookie).post('/api/account/bookings', {
      ...booking,
      siteId: 's9',
    });
    expect(elsewhere.statusCode).toBe(400);
    expect(elsewhere.json().fields).toMatchObject({ siteId: expect.any(String) });
    // The other account's contact does not see it.
    const admin = await login(app);
    const otherUser = await accountSignIn(app, admin, other.id, 'lee');
    const theirPortal = (await signedIn(app, otherUser).get('/api/account/portal')).json();
    expect(theirPortal.bookings).toEqual([]);
    expect(JSON.stringify(theirPortal)).not.toContain('4500099911');
  });

  it('never syncs: every sync call and the socket refuse it', async () => {
    const { app, cookie } = await twoAccounts();
    const hello = await app.inject({
      method: 'POST',
      url: '/api/sync/hello',
      headers: { cookie },
      payload: { protocolVersion: 2, schemaVersion: 1, clientId: 'device-a', cursor: 0 },
    });
    expect(hello.statusCode).toBe(403);
    const pull = await signedIn(app, cookie).get('/api/sync/pull?clientId=device-a&cursor=0');
    expect(pull.statusCode).toBe(403);
    const lease = await signedIn(app, cookie).post('/api/sync/lease', {
      clientId: 'device-a',
      series: 'accounts',
      size: 10,
    });
    expect(lease.statusCode).toBe(403);
    const push = await signedIn(app, cookie).post('/api/sync/push', {
      clientId: 'device-a',
      mutations: [
        {
          seq: 1,
          mutationId: '00000000-0000-4000-8000-000000000001',
          name: 'job.setPo',
          args: { id: mintTextId(app.db, 'JOB', app.now()), poNumber: 'X', updateId: 9 },
          createdAt: app.now().toISOString(),
        },
      ],
    });
    expect(push.statusCode).toBe(403);
    await app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = app.server.address() as { port: number };
    const refused = await new Promise<number>((resolve) => {
      const socket = new WebSocket(`ws://127.0.0.1:${port}/api/sync/ws`, {
        headers: { cookie, origin: app.config.publicUrl },
      });
      socket.on('unexpected-response', (_request, response) => resolve(response.statusCode ?? 0));
      socket.on('open', () => resolve(101));
      socket.on('error', () => undefined);
    });
    expect(refused).toBe(403);
  });

  it('is refused the staff work even through a mutation the admin could run', async () => {
    const { app, cookie, theirs } = await twoAccounts();
    const response = await signedIn(app, cookie).patch(`/api/jobs/${theirs.job.id}`, {
      assignedTo: 'Anyone',
    });
    expect(response.statusCode).toBe(403);
    expect(
      staffMutation<{ job: { id: string } }>(app, 'job.setPo', {
        id: theirs.job.id,
        poNumber: 'still the admin’s to change',
        updateId: 99,
      }).job.id,
    ).toBe(theirs.job.id);
  });
});
