/**
 * Issue 20: a deactivated account's sync engine (the web app's own, against the real server)
 * stops as signed out at once and does not reconnect with the dead session.
 *
 * In its own file: run in engine.test.ts after the two-tabs test, the engine never reached the
 * signed-out state although the server had sent "session ended" and closed the socket. Alone
 * it passes, and the browser journey (e2e driver-journey.spec.ts) signs a real driver out within
 * 5 s. Why the two tests interact is not understood yet; it is a known open question.
 */
import { describe, expect, it } from 'vitest';
import { findUserByUsername, updateUserAccount } from '../../src/db/repositories/users';
import { TEST_ADMIN } from '../helper';
import { makeClient, startServer, waitFor, waitSynced } from './harness';

describe('a deactivated account', () => {
  it('stops as signed out within seconds when the account is deactivated (issue 20)', async () => {
    const server = await startServer();
    const client = makeClient(server);
    await client.engine.start();
    await waitSynced(client, server);
    const account = findUserByUsername(server.app.db, TEST_ADMIN.username);
    updateUserAccount(server.app.db, account!.id, { isActive: false }, new Date());
    // The server closes the socket the moment the account changes (onSessionsEnded); the
    // allowance is for a CI machine with every core busy, where 5 s was once not enough.
    await waitFor(() => client.engine.state === 'signed-out', 15_000, 'the signed-out state');
    // It stays signed out: no reconnect with the dead session.
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(client.engine.state).toBe('signed-out');
  }, 60_000);
});
