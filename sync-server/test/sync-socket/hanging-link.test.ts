/**
 * A hanging connection: one bar of signal often means a link that connects and
 * then says nothing. The engine must not show "Syncing" for as long as that lasts: after
 * answerTimeoutMs of silence it says offline (no connection), reconnects with backoff, and once
 * the server answers again everything waiting is sent exactly once.
 *
 * The silent server is a real TCP listener on loopback that accepts connections and never writes
 * a byte, so the real WebSocket and fetch of the client wait as they would on a dead link.
 */
import net from 'node:net';
import { describe, expect, it } from 'vitest';
/* eslint-disable no-restricted-imports -- the integration tests drive the real web client */
import { NO_ANSWER_MESSAGE, type StoredStatus } from '../../../web/src/sync/engine';
import { httpConnector, socketConnector, type Connector } from '../../../web/src/sync/transport';
import type { ServerMessage } from '@pilbara/shared-schema';
/* eslint-enable no-restricted-imports */
import { onTestEnd } from '../helper';
import {
  cookieFetch,
  cookieSocket,
  makeClient,
  newJob,
  serverRows,
  startServer,
  waitFor,
  waitSynced,
  write,
} from './harness';

const ANSWER_TIMEOUT_MS = 400;

/** A loopback server that accepts every connection and never answers. */
async function silentServer(): Promise<string> {
  const sockets = new Set<net.Socket>();
  const server = net.createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => undefined);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  onTestEnd(async () => {
    for (const socket of sockets) socket.destroy();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });
  const address = server.address() as net.AddressInfo;
  return `http://127.0.0.1:${address.port}`;
}

/** Picks, at each connection attempt, the silent link or the real one. */
function switchable(silent: Connector, real: Connector, hanging: () => boolean): Connector {
  return (handlers) => (hanging() ? silent(handlers) : real(handlers));
}

function stateLog() {
  const states: StoredStatus[] = [];
  return { states, onStatus: (status: StoredStatus) => states.push(status) };
}

describe('a connection that hangs', () => {
  it('says offline, not syncing, while the link is silent, then sends once it answers', async () => {
    const server = await startServer();
    const silentUrl = await silentServer();
    let hanging = true;
    const log = stateLog();
    const client = makeClient(server, {
      answerTimeoutMs: ANSWER_TIMEOUT_MS,
      onStatus: log.onStatus,
      connectors: ({ socket, http }) => [
        switchable(socketConnector(silentUrl, cookieSocket(server.cookie)), socket, () => hanging),
        switchable(httpConnector(silentUrl, cookieFetch(server.cookie)), http, () => hanging),
      ],
    });
    await write(client, 'job.create', newJob(1));
    const started = Date.now();
    await client.engine.start();

    await waitFor(() => client.engine.state === 'offline', 5_000, 'the offline state');
    // Within a few answer timeouts (the socket, then the HTTP fallback), not "forever".
    expect(Date.now() - started).toBeLessThan(ANSWER_TIMEOUT_MS * 2 + 4_000);
    expect(log.states.at(-1)?.message).toBe(NO_ANSWER_MESSAGE);

    // Further attempts on the silent link never show "Syncing" again.
    const firstOffline = log.states.findIndex((status) => status.state === 'offline');
    await new Promise((resolve) => setTimeout(resolve, ANSWER_TIMEOUT_MS * 4));
    const later = log.states.slice(firstOffline).map((status) => status.state);
    expect(later.every((state) => state === 'offline')).toBe(true);
    expect(serverRows(server, 'jobs')).toHaveLength(0);

    // The link answers again: the write goes through, once, and the status clears.
    hanging = false;
    client.engine.reconnectNow();
    await waitSynced(client, server);
    await waitFor(() => client.engine.state === 'online', 5_000, 'the online state');
    expect(serverRows(server, 'jobs').map((job) => job.id)).toEqual(['JOB-2026-1']);
    expect(log.states.at(-1)?.message).toBeNull();
  });

  it('a push whose answer never comes is sent again on a new link and applied once', async () => {
    const server = await startServer();
    let dropResults = true;
    let hangAfterResults = false;
    const log = stateLog();
    const client = makeClient(server, {
      answerTimeoutMs: ANSWER_TIMEOUT_MS,
      onStatus: log.onStatus,
      connectors: ({ socket }) => [
        (handlers) =>
          socket({
            ...handlers,
            onMessage: (message: ServerMessage) => {
              // The link dies right after the server took the push: its answer is lost, and
              // nothing else comes either.
              if (message.type === 'results' && dropResults) {
                dropResults = false;
                hangAfterResults = true;
                return;
              }
              if (hangAfterResults) return;
              handlers.onMessage(message);
            },
            onClose: (info) => {
              hangAfterResults = false;
              handlers.onClose(info);
            },
          }),
      ],
    });
    await client.engine.start();
    await waitFor(() => client.engine.state === 'online', 5_000, 'the online state');
    await write(client, 'job.create', newJob(2));

    await waitFor(
      () => log.states.some((status) => status.message === NO_ANSWER_MESSAGE),
      5_000,
      'the no-answer state',
    );
    await waitSynced(client, server);
    expect(serverRows(server, 'jobs').map((job) => job.id)).toEqual(['JOB-2026-2']);
    expect(
      (
        server.app.db
          .prepare("SELECT count(*) AS n FROM job_updates WHERE jobId = 'JOB-2026-2'")
          .get() as { n: number }
      ).n,
    ).toBe(1);
  });

  it('an idle, up-to-date link is not called dead for being quiet', async () => {
    const server = await startServer();
    const log = stateLog();
    const client = makeClient(server, {
      answerTimeoutMs: ANSWER_TIMEOUT_MS,
      onStatus: log.onStatus,
    });
    await client.engine.start();
    await waitFor(() => client.engine.state === 'online', 5_000, 'the online state');
    const settled = log.states.length;
    await new Promise((resolve) => setTimeout(resolve, ANSWER_TIMEOUT_MS * 4));
    expect(client.engine.state).toBe('online');
    expect(log.states.slice(settled).map((status) => status.state)).not.toContain('offline');
  });
});
