/**
 * The sync socket's pages travel compressed (permessage-deflate, as a browser offers it): a new
 * device's first page of rows costs a fraction of its JSON on a weak link. Checked on the wire:
 * the bytes the client's TCP socket read against the JSON the client was handed.
 */
import type { Socket } from 'node:net';
import { describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { PROTOCOL_VERSION, type ServerMessage } from '@pilbara/shared-schema';
import { inTransaction } from '../../src/db/connection';
import { seedRow } from '../helper';
import { startServer } from './harness';

/** Open jobs: all on the first screen, so the first page is full of them. */
const JOBS = 150;

describe('sync socket compression', () => {
  it('negotiates permessage-deflate and sends a page of rows in far fewer bytes than its JSON', async () => {
    const server = await startServer();
    const at = new Date().toISOString();
    inTransaction(server.app.db, () => {
      for (let i = 1; i <= JOBS; i++) {
        seedRow(
          server.app.db,
          'jobs',
          {
            id: `JOB-2026-${i}`,
            customerName: `Customer ${i}`,
            phone: '0412345678',
            status: 'Scheduled',
            service: 'Emergency Towing',
            location: 'Karratha',
            notes: 'Gate code 4471; ring the site office first.',
            createdAt: at,
            updatedAt: at,
          },
          at,
        );
      }
    });

    const socket = new WebSocket(`${server.baseUrl.replace('http', 'ws')}/api/sync/ws`, {
      headers: { cookie: server.cookie },
      perMessageDeflate: true,
    });
    let wire: Socket | null = null;
    socket.once('upgrade', (response) => (wire = response.socket as Socket));
    await new Promise((resolve, reject) => {
      socket.once('open', resolve);
      socket.once('error', reject);
    });
    expect(socket.extensions).toContain('permessage-deflate');
    const readAtOpen = (wire as Socket | null)?.bytesRead ?? NaN;

    const page = new Promise<{ json: number; rows: number }>((resolve) => {
      socket.on('message', (data) => {
        const text = String(data);
        const message = JSON.parse(text) as ServerMessage;
        if (message.type === 'changes' && message.changes.length > 0)
          resolve({ json: Buffer.byteLength(text), rows: message.changes.length });
      });
    });
    socket.send(
      JSON.stringify({
        type: 'hello',
        protocolVersion: PROTOCOL_VERSION,
        schemaVersion: 1,
        clientId: 'compressed-device',
        cursor: 0,
        ackedSeq: 0,
      }),
    );
    const { json, rows } = await page;
    const read = ((wire as Socket | null)?.bytesRead ?? NaN) - readAtOpen;
    socket.close();

    expect(rows).toBeGreaterThan(100);
    // Rows alike but for their ids deflate to well under a third of their JSON.
    expect(read).toBeLessThan(json / 3);
  }, 60_000);
});
