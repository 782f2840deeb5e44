/**
 * Resumable uploads of the field record's files, against the real server on a real
 * port with the same tus client the web app uses: a photo is stored once under its hash, an
 * upload cut halfway resumes from the byte the server acknowledged, and bad input is refused
 * with a clear 4xx leaving nothing stored.
 */
import fs from 'node:fs';
import crypto from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { FIELD_FILE_LIMITS, MESSAGES } from '@pilbara/shared-schema';
import { countRows, findRows } from '../../src/db/rows';
import { buildTestApp, login, registerCustomer, type TestApp, syncCall } from '../helper';
import {
  bodyOf,
  listen,
  makeJpeg,
  makePng,
  metadataFor,
  patchOffsets,
  recordPhoto,
  recordSignature,
  seedJobs,
  sha256,
  startProxy,
  statusOf,
  storedPaths,
  tusUpload,
} from './field-helper';

async function setUp(): Promise<{ app: TestApp; baseUrl: string; cookie: string }> {
  const app = await buildTestApp();
  seedJobs(app);
  const cookie = await login(app);
  const baseUrl = await listen(app);
  return { app, baseUrl, cookie };
}

/** Expects the upload to be refused with `status`; returns the error body. */
async function refused(
  upload: Promise<string>,
  status: number,
): Promise<{ error: string; fields?: Record<string, string> }> {
  const error = await upload.then(
    () => {
      throw new Error(`expected ${status}, the upload succeeded`);
    },
    (caught: unknown) => caught,
  );
  expect(statusOf(error), String(error)).toBe(status);
  return JSON.parse(bodyOf(error) || '{}') as { error: string };
}

describe('a photo upload', () => {
  it('is stored under its hash with its gallery copies, and recorded for every device', async () => {
    const { app, baseUrl, cookie } = await setUp();
    const bytes = await makeJpeg({ width: 1600, height: 1200 });
    const id = recordPhoto(app, bytes, {}, { width: 1600, height: 1200 });
    await tusUpload({ baseUrl, cookie, bytes, metadata: metadataFor('photo', id, bytes) });

    const hash = sha256(bytes);
    const original = app.fieldFiles.pathOf(hash, 'image/jpeg');
    expect(original).toMatch(new RegExp(`files/${hash.slice(0, 2)}/${hash}\\.jpg$`));
    expect(sha256(fs.readFileSync(original))).toBe(hash);
    expect(storedPaths(app)).toEqual([
      `files/${hash.slice(0, 2)}/${hash}.jpg`,
      `files/${hash.slice(0, 2)}/${hash}.medium.jpg`,
      `files/${hash.slice(0, 2)}/${hash}.thumb.jpg`,
    ]);
    expect(findRows(app.db, 'stored_files')).toEqual([
      expect.objectContaining({
        id: hash,
        size: bytes.length,
        mimeType: 'image/jpeg',
        width: 1600,
        height: 1200,
      }),
    ]);
    // Logged, so every staff device learns the server holds it.
    const logged = app.db
      .prepare("SELECT rowId FROM changes WHERE entity = 'stored_files'")
      .all() as { rowId: string }[];
    expect(logged).toEqual([{ rowId: hash }]);

    const thumb = await fetch(`${baseUrl}/api/photos/${id}/thumb`, { headers: { cookie } });
    expect(thumb.status).toBe(200);
    expect(thumb.headers.get('content-type')).toBe('image/jpeg');
    const full = Buffer.from(
      await (
        await fetch(`${baseUrl}/api/photos/${id}/full`, { headers: { cookie } })
      ).arrayBuffer(),
    );
    expect(sha256(full)).toBe(hash);
  });

  it('stores the same bytes once, however often they are sent', async () => {
    const { app, baseUrl, cookie } = await setUp();
    const bytes = await makeJpeg();
    const first = recordPhoto(app, bytes, { stage: 'pickup' });
    const second = recordPhoto(app, bytes, { stage: 'damage' });
    await tusUpload({ baseUrl, cookie, bytes, metadata: metadataFor('photo', first, bytes) });
    await tusUpload({ baseUrl, cookie, bytes, metadata: metadataFor('photo', second, bytes) });
    await tusUpload({ baseUrl, cookie, bytes, metadata: metadataFor('photo', first, bytes) });
    const hash = sha256(bytes);
    expect(storedPaths(app).filter((file) => file.endsWith(`${hash}.jpg`))).toHaveLength(1);
    expect(countRows(app.db, 'stored_files')).toBe(1);
    expect(storedPaths(app).some((file) => file.startsWith('uploads/'))).toBe(false);
  });

  it('stores a signature PNG as it is', async () => {
    const { app, baseUrl, cookie } = await setUp();
    const bytes = await makePng();
    const id = recordSignature(app, bytes);
    await tusUpload({ baseUrl, cookie, bytes, metadata: metadataFor('signature', id, bytes) });
    const response = await fetch(`${baseUrl}/api/signatures/${id}`, { headers: { cookie } });
    expect(response.headers.get('content-type')).toBe('image/png');
    expect(sha256(Buffer.from(await response.arrayBuffer()))).toBe(sha256(bytes));
  });
});

describe('an upload cut halfway', () => {
  it('resumes from the byte the server acknowledged, and the stored file is the original', async () => {
    const { app, baseUrl, cookie } = await setUp();
    const bytes = await makeJpeg({ width: 2400, height: 1800, noise: true });
    expect(bytes.length).toBeGreaterThan(2 * 1024 * 1024);
    const id = recordPhoto(app, bytes, {}, { width: 2400, height: 1800 });
    const proxy = await startProxy(baseUrl, Math.floor(bytes.length / 2));

    await tusUpload({
      baseUrl: proxy.url,
      cookie,
      bytes,
      metadata: metadataFor('photo', id, bytes),
      retryDelays: [100, 300, 1000, 2000],
    });

    expect(proxy.state.cut).toBe(true);
    // The retry asked where to resume and sent only the rest of the file.
    const offsets = patchOffsets(proxy.state.textAfterCut);
    expect(offsets.length).toBeGreaterThanOrEqual(1);
    expect(offsets[0]).toBeGreaterThan(bytes.length / 4);
    expect(proxy.state.textAfterCut).toMatch(/^HEAD \/api\/uploads\//m);
    expect(proxy.state.bytesAfterCut).toBeLessThan(bytes.length);
    expect(proxy.state.bytesAfterCut).toBeLessThan(bytes.length - (offsets[0] ?? 0) + 4096);

    const stored = fs.readFileSync(app.fieldFiles.pathOf(sha256(bytes), 'image/jpeg'));
    expect(sha256(stored)).toBe(sha256(bytes));
    expect(countRows(app.db, 'stored_files')).toBe(1);
  }, 60_000);
});

describe('an upload whose last answer was lost', () => {
  it('is not sent again: the server says it has every byte', async () => {
    const { app, baseUrl, cookie } = await setUp();
    const bytes = await makeJpeg({ width: 1600, height: 1200, noise: true });
    const id = recordPhoto(app, bytes, {}, { width: 1600, height: 1200 });
    // Everything reaches the server; the answer to the last PATCH never reaches the phone.
    const proxy = await startProxy(baseUrl, undefined, { loseAnswerAfter: bytes.length });

    await tusUpload({
      baseUrl: proxy.url,
      cookie,
      bytes,
      metadata: metadataFor('photo', id, bytes),
      retryDelays: [100, 300, 1000],
    });

    expect(proxy.state.cut).toBe(true);
    // The retry asked how far the server got, heard "all of it", and sent nothing more.
    expect(proxy.state.textAfterCut).toMatch(/^HEAD \/api\/uploads\//m);
    expect(proxy.state.textAfterCut).not.toMatch(/^(POST|PATCH) /m);
    expect(proxy.state.bytesAfterCut).toBeLessThan(4096);
    expect(countRows(app.db, 'stored_files')).toBe(1);
    expect(sha256(fs.readFileSync(app.fieldFiles.pathOf(sha256(bytes), 'image/jpeg')))).toBe(
      sha256(bytes),
    );
  }, 60_000);

  it('tells only the upload’s creator that it is finished', async () => {
    const { app, baseUrl, cookie } = await setUp();
    const bytes = await makeJpeg();
    const id = recordPhoto(app, bytes);
    const url = await tusUpload({
      baseUrl,
      cookie,
      bytes,
      metadata: metadataFor('photo', id, bytes),
    });
    const head = (who: string) =>
      fetch(url, { method: 'HEAD', headers: { cookie: who, 'Tus-Resumable': '1.0.0' } });
    const mine = await head(cookie);
    expect(mine.status).toBe(200);
    expect(mine.headers.get('upload-offset')).toBe(String(bytes.length));
    expect(mine.headers.get('upload-length')).toBe(String(bytes.length));
    expect((await head(await registerCustomer(app))).status).toBe(403);
  });
});

describe('bad uploads', () => {
  /** Runs `attempt` and checks it left no file, no partial upload and no stored_files row. */
  async function leavesNothing(app: TestApp, attempt: () => Promise<unknown>): Promise<void> {
    await attempt();
    expect(storedPaths(app)).toEqual([]);
    expect(countRows(app.db, 'stored_files')).toBe(0);
  }

  /**
   * Uploads `bytes` as the `kind` file of record `id` (its metadata changed by `overrides`) and
   * expects `status`; returns the error body.
   */
  function refusedUpload(
    to: { baseUrl: string; cookie: string },
    file: { kind: 'photo' | 'signature'; id: string; bytes: Buffer },
    status: number,
    overrides: Record<string, string> = {},
  ) {
    const metadata = metadataFor(file.kind, file.id, file.bytes, overrides);
    return refused(tusUpload({ ...to, bytes: file.bytes, metadata }), status);
  }

  it('refuses a file that is not an image, after checking its bytes (415)', async () => {
    const { app, baseUrl, cookie } = await setUp();
    const bytes = Buffer.from(
      '%PDF-1.4 not a photo at all, just some text pretending\n'.repeat(50),
    );
    const id = recordPhoto(app, bytes);
    await leavesNothing(app, async () => {
      const body = await refusedUpload({ baseUrl, cookie }, { kind: 'photo', id, bytes }, 415);
      expect(body.error).toBe('The file is not an image: send a JPEG photo or a PNG signature');
    });
  });

  it('refuses a declared type that is not an image before a byte is sent (415)', async () => {
    const { app, baseUrl, cookie } = await setUp();
    const bytes = await makeJpeg();
    const id = recordPhoto(app, bytes);
    await leavesNothing(app, async () => {
      const body = await refusedUpload({ baseUrl, cookie }, { kind: 'photo', id, bytes }, 415, {
        filetype: 'application/pdf',
      });
      expect(body.fields).toEqual({
        filetype: 'Only JPEG photos and PNG signatures can be uploaded',
      });
    });
  });

  it('refuses a file over the documented limit from its declared length (413)', async () => {
    const { app, baseUrl, cookie } = await setUp();
    const bytes = await makeJpeg();
    const id = recordPhoto(app, bytes);
    // A signature may be at most 1 MB: a 1 MB + 1 byte "signature" is refused at creation.
    const big = Buffer.alloc(FIELD_FILE_LIMITS.maxSignatureBytes + 1, 1);
    await leavesNothing(app, async () => {
      const file = { kind: 'signature', id, bytes: big } as const;
      const body = await refusedUpload({ baseUrl, cookie }, file, 413);
      expect(body.error).toBe('A signature may be at most 1 MB');
      // And above the photo limit (15 MB) tus itself refuses the length.
      const huge = Buffer.alloc(FIELD_FILE_LIMITS.maxPhotoBytes + 1, 1);
      expect(
        statusOf(
          await tusUpload({
            baseUrl,
            cookie,
            bytes: huge,
            metadata: metadataFor('photo', id, bytes),
          }).catch((e: unknown) => e),
        ),
      ).toBe(413);
    });
  });

  it('refuses bytes whose hash is not the recorded one (400), declared or sent', async () => {
    const { app, baseUrl, cookie } = await setUp();
    const bytes = await makeJpeg();
    const other = await makeJpeg({ colour: '#1e64c8' });
    expect(other.length).toBe(bytes.length);
    const id = recordPhoto(app, bytes);
    await leavesNothing(app, async () => {
      // Declared: the metadata's hash is not the record's.
      const declared = await refusedUpload(
        { baseUrl, cookie },
        { kind: 'photo', id, bytes: other },
        400,
      );
      expect(declared.fields).toHaveProperty('sha256');
      // Sent: the metadata says the record's hash but the bytes are another photo of the same size.
      const sent = await refused(
        tusUpload({ baseUrl, cookie, bytes: other, metadata: metadataFor('photo', id, bytes) }),
        400,
      );
      expect(sent.error).toBe(
        'The uploaded bytes do not match the content hash recorded for this file',
      );
    });
  });

  it('refuses a photo for a job that does not exist (404), through the upload and the sync push', async () => {
    const { app, baseUrl, cookie } = await setUp();
    const bytes = await makeJpeg();
    const id = crypto.randomUUID();
    await leavesNothing(app, async () => {
      const body = await refusedUpload({ baseUrl, cookie }, { kind: 'photo', id, bytes }, 404, {
        jobId: 'JOB-2026-999',
      });
      expect(body.error).toBe('Job not found');
      // A record of a job the server has not got is refused in sync, and nothing is written.
      const push = await syncCall(app, cookie, 'push', {
        clientId: 'phone-1',
        mutations: [
          {
            seq: 1,
            mutationId: crypto.randomUUID(),
            name: 'photo.add',
            args: {
              id,
              jobId: 'JOB-2026-999',
              stage: 'pickup',
              takenAt: '2026-11-21T02:00:00.000Z',
              latitude: null,
              longitude: null,
              accuracy: null,
              positionNote: 'unavailable',
              contentHash: sha256(bytes),
              size: bytes.length,
              width: 640,
              height: 480,
              mimeType: 'image/jpeg',
            },
            createdAt: '2026-11-21T02:00:00.000Z',
          },
        ],
      });
      expect(push.json().results[0]).toMatchObject({
        status: 'rejected',
        code: 'not_found',
        message: 'Job not found',
      });
      expect(countRows(app.db, 'job_photos')).toBe(0);
    });
  });

  it('refuses an upload for a record the server does not have yet (404)', async () => {
    const { app, baseUrl, cookie } = await setUp();
    const bytes = await makeJpeg();
    await leavesNothing(app, async () => {
      const unknown = { kind: 'photo', id: crypto.randomUUID(), bytes } as const;
      const body = await refusedUpload({ baseUrl, cookie }, unknown, 404);
      expect(body.error).toBe(
        'This job has no photo or signature with that id yet: sync the record first',
      );
    });
  });

  it('refuses a guest (401) and a signed-in customer (403)', async () => {
    const { app, baseUrl } = await setUp();
    const bytes = await makeJpeg();
    const id = recordPhoto(app, bytes);
    const customer = await registerCustomer(app);
    await leavesNothing(app, async () => {
      const guest = await refused(
        tusUpload({ baseUrl, bytes, metadata: metadataFor('photo', id, bytes) }),
        401,
      );
      expect(guest.error).toBe('Please log in to continue');
      const asCustomer = await refused(
        tusUpload({ baseUrl, cookie: customer, bytes, metadata: metadataFor('photo', id, bytes) }),
        403,
      );
      expect(asCustomer.error).toBe(MESSAGES.JOB_FILES_FORBIDDEN);
    });
  });

  it('lets nobody but its creator continue an upload (403)', async () => {
    const { app, baseUrl, cookie } = await setUp();
    const bytes = await makeJpeg({ width: 1200, height: 900, noise: true });
    const id = recordPhoto(app, bytes);
    // Create the upload and send nothing yet.
    const created = await fetch(`${baseUrl}/api/uploads`, {
      method: 'POST',
      headers: {
        cookie,
        'Tus-Resumable': '1.0.0',
        'Upload-Length': String(bytes.length),
        'Upload-Metadata': Object.entries(metadataFor('photo', id, bytes))
          .map(([key, value]) => `${key} ${Buffer.from(value).toString('base64')}`)
          .join(','),
      },
    });
    expect(created.status).toBe(201);
    const location = created.headers.get('location') ?? '';
    const customer = await registerCustomer(app);
    const patch = await fetch(`${baseUrl}${location}`, {
      method: 'PATCH',
      headers: {
        cookie: customer,
        'Tus-Resumable': '1.0.0',
        'Upload-Offset': '0',
        'Content-Type': 'application/offset+octet-stream',
      },
      body: bytes,
    });
    expect(patch.status).toBe(403);
    expect(countRows(app.db, 'stored_files')).toBe(0);
  });
});
