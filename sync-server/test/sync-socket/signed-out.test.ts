/**
 * A deactivated account's sync engine (the web app's own, against the real server)
 * stops as signed out at once and does not reconnect with the dead session.
 *
 * The server sends "session ended" and closes the socket (4401) at once. A device still busy
 * with earlier messages handled the close first and then dropped the queued message as one of a
 * closed connection, so it went offline and retried the dead session for ever (likeliest
 * after a burst of messages, such as the two-tabs test in engine.test.ts, or on a loaded machine).
 * The second test holds the engine's queue busy to reproduce that order every time.
 */
import { describe, expect, it } from 'vitest';
import { findUserByUsername, updateUserAccount } from '../../src/db/repositories/users';
import { TEST_ADMIN } from '../helper';
import { makeClient, startServer, waitFor, waitSynced } from './harness';

describe('a deactivated account', () => {
  it('stops as signed out within seconds when the account is deactivated', async () => {
    const server = await startServer();
    const client = makeClient(server);
    await client.engine.start();
    await waitSynced(client, server);
    const account = findUserByUsername(server.app.db, TEST_ADMIN.username, 'staff');
    updateUserAccount(server.app.db, account!.id, { isActive: false }, new Date());
    // The server closes the socket the moment the account changes (onSessionsEnded); the
    // allowance is for a CI machine with every core busy, where handling the close can lag.
    await waitFor(() => client.engine.state === 'signed-out', 15_000, 'the signed-out state');
    // It stays signed out: no reconnect with the dead session.
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(client.engine.state).toBe('signed-out');
  }, 60_000);

  it('signs out even when the socket closes before the device handles the message', async () => {
    const server = await startServer();
    const client = makeClient(server);
    await client.engine.start();
    await waitSynced(client, server);
    // The device is busy (a large page being stored): everything after waits in its queue, and
    // the close of the socket, which is not queued, is seen first.
    let release = () => {};
    const busy = new Promise<void>((resolve) => (release = resolve));
    (client.engine as unknown as { enqueue(task: () => Promise<void>): void }).enqueue(() => busy);
    const account = findUserByUsername(server.app.db, TEST_ADMIN.username, 'staff');
    updateUserAccount(server.app.db, account!.id, { isActive: false }, new Date());
    await waitFor(() => client.engine.state === 'offline', 15_000, 'the close seen first');
    release();
    await waitFor(() => client.engine.state === 'signed-out', 15_000, 'the signed-out state');
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(client.engine.state).toBe('signed-out');
  }, 60_000);
});
