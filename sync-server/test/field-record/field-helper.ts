/**
 * Test support for the field record: real JPEG and PNG files made with sharp, a job
 * with photo and signature records applied through the real apply path, uploads sent with the
 * same tus client the web app uses, and a loopback proxy that can cut a connection mid-upload.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import sharp from 'sharp';
import * as tus from 'tus-js-client';
import { applyServerMutation } from '../../src/sync/server-apply';
import { putLogged } from '../../src/db/change-log';
import { recordStoredFile } from '../../src/db/repositories/field-record';
import { onTestEnd, type TestApp } from '../helper';

const T0 = '2026-11-21T01:00:00.000Z';

export function sha256(bytes: Uint8Array): string {
  return crypto.createHash('sha256').update(bytes).digest('hex');
}

/**
 * A real JPEG. `noise` makes it incompressible (a multi-megabyte file at 2400 × 1800); `gps`
 * writes an EXIF GPS position into it, as a phone's camera does.
 */
export async function makeJpeg(
  options: {
    width?: number;
    height?: number;
    noise?: boolean;
    gps?: boolean;
    colour?: string;
  } = {},
): Promise<Buffer> {
  const width = options.width ?? 640;
  const height = options.height ?? 480;
  let image = options.noise
    ? sharp({
        create: {
          width,
          height,
          channels: 3,
          background: '#808080',
          noise: { type: 'gaussian', mean: 128, sigma: 60 },
        },
      })
    : sharp({ create: { width, height, channels: 3, background: options.colour ?? '#c8641e' } });
  if (options.gps) {
    image = image.withExif({
      IFD0: { Make: 'TestPhone', Model: 'Field 1' },
      IFD3: {
        GPSLatitudeRef: 'S',
        GPSLatitude: '20/1 44/1 1000/100',
        GPSLongitudeRef: 'E',
        GPSLongitude: '116/1 50/1 4680/100',
      },
    });
  }
  return image.jpeg({ quality: options.noise ? 95 : 80 }).toBuffer();
}

/** A small PNG like signature_pad's: dark strokes on transparency. */
export async function makePng(): Promise<Buffer> {
  return sharp({
    create: { width: 600, height: 200, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0 } },
  })
    .composite([
      {
        input: Buffer.from(
          '<svg width="600" height="200"><path d="M20 150 C 120 20, 200 180, 580 60" stroke="#111" stroke-width="5" fill="none"/></svg>',
        ),
      },
    ])
    .png()
    .toBuffer();
}

export const JOB_ID = 'JOB-2026-7';
export const OTHER_JOB_ID = 'JOB-2026-8';

/** Two jobs with tracking tokens, as the staff app would have created them. */
export function seedJobs(app: TestApp): { token: string; otherToken: string } {
  const base = {
    customerName: 'Dana Reid',
    phone: '0412345678',
    email: 'dana@example.com',
    status: 'In Progress',
    service: 'Emergency Towing',
    location: 'Dampier Rd, Karratha',
    estimatedArrival: null,
    progress: 50,
    assignedTo: 'Mick',
    notes: 'Staff only: keys under the mat',
    createdAt: T0,
    updatedAt: T0,
  };
  const token = 'tok-field-record-aaaaaaaaaaaa';
  const otherToken = 'tok-other-job-bbbbbbbbbbbbbbb';
  putLogged(app.db, 'jobs', { ...base, id: JOB_ID, trackingToken: token }, T0);
  putLogged(
    app.db,
    'jobs',
    {
      ...base,
      id: OTHER_JOB_ID,
      customerName: 'Kim Ng',
      phone: '0400111222',
      trackingToken: otherToken,
    },
    T0,
  );
  return { token, otherToken };
}

const nowhere = { latitude: null, longitude: null, accuracy: null, positionNote: 'denied' };
const somewhere = { latitude: -20.73611, longitude: 116.84633, accuracy: 8, positionNote: null };

/** Records the row of a field file of `bytes` through the apply path; returns its id. */
function recordFileRow(
  app: TestApp,
  name: 'photo.add' | 'signature.add',
  bytes: Buffer,
  row: { id?: string; jobId?: string } & Record<string, unknown>,
): string {
  const id = row.id ?? crypto.randomUUID();
  const args = { ...row, id, jobId: row.jobId ?? JOB_ID, contentHash: sha256(bytes) };
  const outcome = applyServerMutation(app.db, name, { ...args, size: bytes.length }, 1, T0);
  if (!outcome.ok) throw new Error(`${name} refused: ${outcome.message}`);
  return id;
}

/** Records a photo of `bytes` through the apply path; returns its id. */
export function recordPhoto(
  app: TestApp,
  bytes: Buffer,
  options: {
    jobId?: string;
    stage?: string;
    id?: string;
    takenAt?: string;
    position?: boolean;
  } = {},
  meta: { width?: number; height?: number } = {},
): string {
  return recordFileRow(app, 'photo.add', bytes, {
    id: options.id,
    jobId: options.jobId,
    stage: options.stage ?? 'pickup',
    takenAt: options.takenAt ?? '2026-11-21T02:05:00.000Z',
    ...(options.position === false ? nowhere : somewhere),
    width: meta.width ?? 640,
    height: meta.height ?? 480,
    mimeType: 'image/jpeg',
  });
}

/** Records a signature of `bytes` through the apply path; returns its id. */
export function recordSignature(
  app: TestApp,
  bytes: Buffer,
  options: { document?: string; signerName?: string; jobId?: string } = {},
): string {
  return recordFileRow(app, 'signature.add', bytes, {
    jobId: options.jobId,
    document: options.document ?? 'authority_to_tow',
    signerName: options.signerName ?? 'Dana Reid',
    signedAt: '2026-11-21T02:10:00.000Z',
    ...nowhere,
    width: 600,
    height: 200,
    mimeType: 'image/png',
  });
}

/** The app on a real loopback port; its base URL. */
export async function listen(app: TestApp): Promise<string> {
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address() as net.AddressInfo;
  return `http://127.0.0.1:${address.port}`;
}

export interface UploadOptions {
  baseUrl: string;
  cookie?: string;
  bytes: Buffer;
  metadata: Record<string, string>;
  retryDelays?: number[] | null;
  /** Send the upload in PATCHes of this many bytes (default: one). */
  chunkSize?: number;
}

/** Uploads with tus-js-client (as the web app does); resolves with the upload URL. */
export function tusUpload(options: UploadOptions): Promise<string> {
  return new Promise((resolve, reject) => {
    const upload = new tus.Upload(options.bytes, {
      endpoint: `${options.baseUrl}/api/uploads`,
      metadata: options.metadata,
      headers: options.cookie ? { Cookie: options.cookie } : {},
      retryDelays: options.retryDelays === undefined ? [0, 50, 200] : options.retryDelays,
      chunkSize: options.chunkSize ?? Number.POSITIVE_INFINITY,
      uploadSize: options.bytes.length,
      storeFingerprintForResuming: false,
      onError: reject,
      onSuccess: () => resolve(upload.url ?? ''),
    });
    upload.start();
  });
}

/** The status code of a failed tus upload, read from tus-js-client's error. */
export function statusOf(error: unknown): number | undefined {
  const response = (error as { originalResponse?: { getStatus(): number } }).originalResponse;
  return response?.getStatus();
}

/** The body of a failed tus upload's response. */
export function bodyOf(error: unknown): string {
  const response = (error as { originalResponse?: { getBody(): string } }).originalResponse;
  return response?.getBody() ?? '';
}

/** Upload-Metadata for a photo or signature record. */
export function metadataFor(
  kind: 'photo' | 'signature',
  recordId: string,
  bytes: Buffer,
  overrides: Record<string, string> = {},
): Record<string, string> {
  return {
    kind,
    recordId,
    jobId: JOB_ID,
    sha256: sha256(bytes),
    filetype: kind === 'photo' ? 'image/jpeg' : 'image/png',
    ...overrides,
  };
}

/** The Upload-Offset of each PATCH in `text` (request heads). */
export function patchOffsets(text: string): number[] {
  const offsets: number[] = [];
  for (const match of text.matchAll(/^PATCH [^\r\n]*\r\n([\s\S]*?)\r\n\r\n/gm)) {
    const offset = /^upload-offset:\s*(\d+)/im.exec(match[1] ?? '');
    if (offset) offsets.push(Number(offset[1]));
  }
  return offsets;
}

/** Every file under the data folder's `files` and `uploads`, relative. */
export function storedPaths(app: TestApp): string[] {
  const found: string[] = [];
  for (const dir of [app.fieldFiles.root, app.fieldFiles.uploads]) {
    const walk = (at: string) => {
      for (const entry of fs.readdirSync(at, { withFileTypes: true })) {
        const full = path.join(at, entry.name);
        if (entry.isDirectory()) walk(full);
        else found.push(path.relative(path.dirname(dir), full));
      }
    };
    walk(dir);
  }
  return found.sort();
}

/**
 * A loopback TCP proxy in front of the server that counts the bytes each connection sends to
 * it, and can cut the first connection once `cutAfter` bytes have gone through (both ends
 * destroyed, as when a phone loses signal mid-upload). With `loseAnswerAfter`, it lets that many
 * bytes through and then cuts the connection as the server's answer comes back, so the server
 * has everything and the client never hears it did (the link dropping just as an upload ends).
 */
export async function startProxy(
  target: string,
  cutAfter?: number,
  options: { loseAnswerAfter?: number } = {},
) {
  const { port: targetPort } = new URL(target);
  const state = {
    cut: false,
    bytesBeforeCut: 0,
    /** Bytes sent to the server on connections opened after the cut. */
    bytesAfterCut: 0,
    /** What was sent after the cut, as text (request heads and bodies). */
    textAfterCut: '',
  };
  const sockets = new Set<net.Socket>();
  const server = net.createServer((client) => {
    const upstream = net.connect(Number(targetPort), '127.0.0.1');
    sockets.add(client);
    sockets.add(upstream);
    const afterCut = state.cut;
    client.on('data', (chunk: Buffer) => {
      if (afterCut) {
        state.bytesAfterCut += chunk.length;
        state.textAfterCut += chunk.toString('latin1');
      } else {
        state.bytesBeforeCut += chunk.length;
      }
      upstream.write(chunk);
      if (!afterCut && cutAfter !== undefined && !state.cut && state.bytesBeforeCut >= cutAfter) {
        state.cut = true;
        client.destroy();
        upstream.destroy();
      }
    });
    upstream.on('data', (chunk: Buffer) => {
      const lose = options.loseAnswerAfter;
      if (!afterCut && lose !== undefined && !state.cut && state.bytesBeforeCut >= lose) {
        state.cut = true;
        client.destroy();
        upstream.destroy();
        return;
      }
      client.write(chunk);
    });
    const close = () => {
      client.destroy();
      upstream.destroy();
    };
    client.on('close', close);
    upstream.on('close', close);
    client.on('error', close);
    upstream.on('error', close);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as net.AddressInfo).port;
  onTestEnd(
    () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  );
  return { url: `http://127.0.0.1:${port}`, state };
}

/** Puts bytes on the server as a finished upload would (the upload itself is tested apart). */
export async function storeBytes(
  app: TestApp,
  bytes: Buffer,
  mimeType: 'image/jpeg' | 'image/png' = 'image/jpeg',
): Promise<void> {
  const temporary = path.join(app.fieldFiles.uploads, crypto.randomUUID());
  fs.writeFileSync(temporary, bytes);
  const stored = await app.fieldFiles.store(temporary, { hash: sha256(bytes), mimeType }, T0);
  fs.rmSync(temporary);
  recordStoredFile(app.db, stored, T0);
}
