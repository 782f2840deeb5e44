/**
 * A new device's first snapshot of a large database is sent page by page with the event loop
 * free in between: other requests are answered while it streams, instead of waiting
 * for the whole snapshot. Checked by the order of the server's own reads, not by a clock.
 */
import { describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import {
  MAX_CHANGES_PAGE,
  SNAPSHOT_PROTOCOL_VERSION,
  type ServerMessage,
} from '@pilbara/shared-schema';
import { inTransaction } from '../../src/db/connection';
import { seedRow } from '../helper';
import { PULL_SQL } from '../../src/db/change-log';
import { statement } from '../../src/db/statements';
import { startServer } from './harness';

const JOBS = 12 * MAX_CHANGES_PAGE;

describe('first snapshot over the socket', () => {
  it('streams page by page, and health checks are answered between its pages', async () => {
    const server = await startServer();
    const at = '2026-11-24T00:00:00.000Z';
    inTransaction(server.app.db, () => {
      for (let i = 1; i <= JOBS; i++) {
        seedRow(
          server.app.db,
          'jobs',
          {
            id: `JOB-2020-${i}`,
            customerName: `Customer ${i}`,
            phone: '0412345678',
            service: 'Emergency Towing',
            location: 'Karratha',
            createdAt: at,
            updatedAt: at,
          },
          at,
        );
      }
    });

    const socket = new WebSocket(`${server.baseUrl.replace('http', 'ws')}/api/sync/ws`, {
      headers: { cookie: server.cookie },
    });
    await new Promise((resolve, reject) => {
      socket.once('open', resolve);
      socket.once('error', reject);
    });
    // The order the server does things in, seen from inside it: each page of the log it reads,
    // each health check's database query (its statement is prepared once, at the first check).
    const events: string[] = [];
    let counting = false;
    const db = server.app.db;
    const prepare = db.prepare.bind(db);
    db.prepare = ((sql: string) => {
      const prepared = prepare(sql);
      if (sql === 'SELECT 1 AS ok') {
        const get = prepared.get.bind(prepared);
        prepared.get = ((...params: unknown[]) => {
          if (counting) events.push('health');
          return get(...params);
        }) as typeof prepared.get;
      }
      return prepared;
    }) as typeof db.prepare;
    // One connection for the health checks, opened before the snapshot starts.
    const health = async () => {
      const response = await fetch(`${server.baseUrl}/api/health`);
      expect(response.status).toBe(200);
      await response.arrayBuffer();
    };
    await health();
    counting = true;
    const pageQuery = statement(db, PULL_SQL);
    const readPage = pageQuery.all.bind(pageQuery);
    pageQuery.all = ((...params: unknown[]) => {
      events.push('page');
      return readPage(...params);
    }) as typeof pageQuery.all;
    let rows = 0;
    let finished = false;
    const done = new Promise<void>((resolve) => {
      socket.on('message', (data) => {
        const message = JSON.parse(String(data)) as ServerMessage;
        if (message.type !== 'changes') return;
        rows += message.changes.length;
        if (!message.hasMore) {
          finished = true;
          resolve();
        }
      });
    });
    // Health checks one after another for as long as the snapshot streams.
    const checks = (async () => {
      while (!finished) {
        await health();
      }
    })();
    socket.send(
      JSON.stringify({
        type: 'hello',
        protocolVersion: SNAPSHOT_PROTOCOL_VERSION - 1,
        schemaVersion: 1,
        clientId: 'snapshot-device',
        cursor: 0,
        ackedSeq: 0,
      }),
    );
    await done;
    await checks;
    socket.close();

    expect(rows).toBeGreaterThanOrEqual(JOBS);
    const pages = events.filter((e) => e === 'page').length;
    expect(pages).toBeGreaterThanOrEqual(JOBS / MAX_CHANGES_PAGE);
    // Health checks were answered between the server's first page and its last, not after.
    const first = events.indexOf('page');
    const last = events.lastIndexOf('page');
    const between = events.slice(first + 1, last).filter((e) => e === 'health').length;
    expect(between, events.join(' ')).toBeGreaterThan(0);
  }, 60_000);
});
