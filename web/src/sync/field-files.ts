/**
 * The field record's files on this device (docs/security.md): a photo or signature is
 * recorded by its mutation and its bytes kept in `fieldFiles`, in one transaction; the leader
 * tab's uploader sends the bytes resumably (tus) once the server holds the record, and marks the
 * file uploaded when the server's `stored_files` lists the same hash. The full-size copy stays
 * ACKNOWLEDGED_KEEP_DAYS more: a server restored from a backup older than the upload
 * lacks the file, resyncs this device, and the uploader sends it again.
 *
 * - An upload cut by lost signal resumes from the last byte the server acknowledged: tus-js-client
 *   keeps the upload's address under a fingerprint made of the record id and hash (in
 *   localStorage), asks the server how far it got (HEAD) and sends the rest, also after the app
 *   was closed and reopened.
 * - Nothing is sent for a record the server has not confirmed yet (the server would refuse it):
 *   the uploader waits for the record to arrive in the confirmed tables.
 */
import * as tus from 'tus-js-client';
import { ACKNOWLEDGED_KEEP_DAYS, UPLOAD_ENDPOINT, mayDropLocalCopy } from '@pilbara/shared-schema';
import type { PilbaraDatabase } from '../db/database';
import type { LocalFieldFile } from '../db/schema';

/** Waits between attempts of one upload inside a pass; the next pass starts over after these. */
const RETRY_DELAYS_MS = [0, 1_000, 3_000, 5_000];

/** How often the uploader looks again when nothing told it to (a missed online event). */
const SWEEP_MS = 15_000;

/**
 * Marks the files the server confirmed holding as uploaded, and drops the full-size copies
 * confirmed more than ACKNOWLEDGED_KEEP_DAYS ago; returns how many were newly confirmed.
 */
export async function dropConfirmedCopies(
  db: PilbaraDatabase,
  now: () => Date = () => new Date(),
): Promise<number> {
  return db.transaction('rw', db.fieldFiles, db.stored_files, async () => {
    let confirmed = 0;
    const at = now();
    const keepSince = at.getTime() - ACKNOWLEDGED_KEEP_DAYS * 86_400_000;
    const waiting = await db.fieldFiles.filter((file) => file.full !== null).toArray();
    const held = await db.stored_files.bulkGet(waiting.map((file) => file.contentHash));
    const stored = new Set(held.flatMap((row) => (row ? [String(row.id)] : [])));
    for (const file of waiting) {
      if (!mayDropLocalCopy(file.contentHash, stored)) continue;
      if (file.uploadedAt === null) {
        await db.fieldFiles.update(file.id, { uploadedAt: at.toISOString(), lastError: null });
        confirmed += 1;
      } else if (new Date(file.uploadedAt).getTime() < keepSince) {
        await db.fieldFiles.update(file.id, { full: null });
      }
    }
    return confirmed;
  });
}

/** Whether the server has synced back the record a file belongs to (so it accepts its bytes). */
async function serverHasRecord(db: PilbaraDatabase, file: LocalFieldFile): Promise<boolean> {
  if (file.kind === 'defect-photo')
    return (await db.confirmed('vehicle_defects').get(file.defectId)) !== undefined;
  if (file.kind === 'yard-signature') {
    const row = await db.confirmed('yard_vehicles').get(file.yardVehicleId);
    return (row?.release as { contentHash?: string } | null)?.contentHash === file.contentHash;
  }
  const table = file.kind === 'photo' ? 'job_photos' : 'job_signatures';
  return (await db.confirmed(table).get(file.id)) !== undefined;
}

/** The upload's metadata: which record the bytes belong to (uploadMetadataSchema). */
function metadataOf(file: LocalFieldFile): Record<string, string> {
  const common = { sha256: file.contentHash, filetype: file.mimeType };
  if (file.kind === 'defect-photo')
    return { kind: file.kind, recordId: String(file.defectId), ...common };
  if (file.kind === 'yard-signature')
    return { kind: file.kind, recordId: String(file.yardVehicleId), ...common };
  return { kind: file.kind, recordId: file.id, jobId: file.jobId, ...common };
}

/** Sends one file's bytes, resuming an earlier attempt of the same file where it stopped. */
function sendFile(baseUrl: string, file: LocalFieldFile, signal: AbortSignal): Promise<void> {
  const bytes = file.full;
  if (!bytes) return Promise.resolve();
  const metadata = metadataOf(file);
  return new Promise<void>((resolve, reject) => {
    const upload = new tus.Upload(new Blob([bytes], { type: file.mimeType }), {
      endpoint: new URL(UPLOAD_ENDPOINT, baseUrl).href,
      metadata,
      // One fingerprint per record and content, so a reopened app finds its half-sent upload.
      fingerprint: async () => `pilbara-upload:${file.id}:${file.contentHash}`,
      storeFingerprintForResuming: true,
      removeFingerprintOnSuccess: true,
      retryDelays: RETRY_DELAYS_MS,
      onSuccess: () => resolve(),
      onError: (error) => reject(error),
    });
    signal.addEventListener('abort', () => {
      void upload.abort(false);
      reject(new DOMException('Stopped', 'AbortError'));
    });
    void upload
      .findPreviousUploads()
      .then((previous) => {
        const last = previous[0];
        if (last) upload.resumeFromPreviousUpload(last);
        upload.start();
      })
      .catch(reject);
  });
}

/** The message to keep for a failed upload (a 4xx body's `error`, or the transport's reason). */
function uploadError(error: unknown): string {
  const response = (error as { originalResponse?: { getBody(): string } | null }).originalResponse;
  if (response) {
    try {
      const body = JSON.parse(response.getBody()) as { error?: string };
      if (body.error) return body.error;
    } catch {
      // not JSON: fall through to the error's own message
    }
  }
  return error instanceof Error ? error.message : String(error);
}

/**
 * The leader tab's uploader: a pass sends every waiting file whose record the server holds, one
 * at a time (a phone on one bar has no bandwidth to share), then drops confirmed copies.
 */
export class FileUploader {
  private readonly abort = new AbortController();
  private running: Promise<void> | null = null;
  private again = false;
  private timer: ReturnType<typeof setInterval> | null = null;

  constructor(
    private readonly db: PilbaraDatabase,
    private readonly baseUrl: string,
  ) {}

  start(): void {
    this.timer = setInterval(() => this.kick(), SWEEP_MS);
    this.kick();
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.abort.abort();
  }

  /** Starts a pass now, or right after the current one. */
  kick(): void {
    if (this.abort.signal.aborted) return;
    if (this.running) {
      this.again = true;
      return;
    }
    this.running = this.pass()
      .catch(() => undefined)
      .finally(() => {
        this.running = null;
        if (this.again) {
          this.again = false;
          this.kick();
        }
      });
  }

  private async pass(): Promise<void> {
    await dropConfirmedCopies(this.db);
    if (typeof navigator !== 'undefined' && navigator.onLine === false) return;
    const waiting = await this.db.fieldFiles.filter((file) => file.full !== null).toArray();
    waiting.sort((a, b) => a.createdAt.localeCompare(b.createdAt));
    for (const file of waiting) {
      if (this.abort.signal.aborted) return;
      if (!(await serverHasRecord(this.db, file))) continue;
      if (await this.db.stored_files.get(file.contentHash)) continue;
      try {
        await sendFile(this.baseUrl, file, this.abort.signal);
        await this.db.fieldFiles.update(file.id, { lastError: null });
      } catch (error) {
        if (this.abort.signal.aborted) return;
        await this.db.fieldFiles.update(file.id, { lastError: uploadError(error) });
      }
    }
    await dropConfirmedCopies(this.db);
  }
}
