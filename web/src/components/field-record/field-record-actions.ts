/**
 * Captures of the field record: a photo or signature is stamped (time, position or
 * why none), compressed and hashed on the phone, then recorded with its bytes in one local
 * transaction. All of it works offline; the uploader sends the bytes when there is signal.
 */
import { notifications } from '@mantine/notifications';
import {
  FIELD_RECORD_TEXT,
  MESSAGES,
  TOAST_DURATIONS,
  type CrashPhotoSubject,
  type PhotoStage,
  type SignedDocument,
} from '@pilbara/shared-schema';
import {
  compressPhoto,
  currentPosition,
  deviceSpace,
  fitsOnDevice,
  megabytes,
  sha256Hex,
} from '../../lib/field-capture';
import { mutateWithFile, type MutateResult } from '../../sync';

function failure(message: string): void {
  notifications.show({
    title: MESSAGES.ERROR_TITLE,
    message,
    color: 'red',
    autoClose: TOAST_DURATIONS.default,
  });
}

/** Refuses (with the message) a capture the device has no room for; true when it fits. */
async function roomFor(bytes: number): Promise<boolean> {
  const space = await deviceSpace();
  if (fitsOnDevice(space, bytes)) return true;
  failure(FIELD_RECORD_TEXT.storageFull(megabytes(space.free ?? 0)));
  return false;
}

function reportRefusal(result: MutateResult): boolean {
  if (result.ok) return true;
  failure(result.message);
  return false;
}

/**
 * Takes one photo of `jobId` at `stage` from a camera or gallery file; true when kept. A crash
 * tow's guided photo names its `subject` (a side of the vehicle, the personal property).
 */
export async function capturePhoto(
  jobId: string,
  stage: PhotoStage,
  file: File,
  now: () => Date = () => new Date(),
  subject: CrashPhotoSubject | null = null,
): Promise<boolean> {
  const takenAt = now().toISOString();
  const position = currentPosition();
  let photo;
  try {
    photo = await compressPhoto(file);
  } catch {
    failure(FIELD_RECORD_TEXT.compressFailed);
    return false;
  }
  if (!(await roomFor(photo.full.byteLength + photo.thumb.byteLength))) return false;
  const contentHash = await sha256Hex(photo.full);
  const id = crypto.randomUUID();
  try {
    const result = await mutateWithFile(
      'photo.add',
      {
        id,
        jobId,
        stage,
        ...(subject ? { subject } : {}),
        takenAt,
        ...(await position),
        contentHash,
        size: photo.full.byteLength,
        width: photo.width,
        height: photo.height,
        mimeType: 'image/jpeg',
      },
      {
        id,
        kind: 'photo',
        jobId,
        contentHash,
        mimeType: 'image/jpeg',
        full: photo.full,
        thumb: photo.thumb,
        size: photo.full.byteLength,
        createdAt: takenAt,
        uploadedAt: null,
        lastError: null,
      },
    );
    return reportRefusal(result);
  } catch (error) {
    // IndexedDB refused the write (quota exceeded between the check and the write).
    failure(error instanceof Error ? error.message : FIELD_RECORD_TEXT.compressFailed);
    return false;
  }
}

/** Records the signer's signature (a PNG of the pad) on one of the job's documents. */
export async function saveSignature(input: {
  jobId: string;
  document: SignedDocument;
  signerName: string;
  png: ArrayBuffer;
  width: number;
  height: number;
  now?: () => Date;
}): Promise<boolean> {
  const signedAt = (input.now ?? (() => new Date()))().toISOString();
  const position = currentPosition();
  if (!(await roomFor(input.png.byteLength))) return false;
  const contentHash = await sha256Hex(input.png);
  const id = crypto.randomUUID();
  try {
    const result = await mutateWithFile(
      'signature.add',
      {
        id,
        jobId: input.jobId,
        document: input.document,
        signerName: input.signerName,
        signedAt,
        ...(await position),
        contentHash,
        size: input.png.byteLength,
        width: input.width,
        height: input.height,
        mimeType: 'image/png',
      },
      {
        id,
        kind: 'signature',
        jobId: input.jobId,
        contentHash,
        mimeType: 'image/png',
        full: input.png,
        thumb: input.png,
        size: input.png.byteLength,
        createdAt: signedAt,
        uploadedAt: null,
        lastError: null,
      },
    );
    return reportRefusal(result);
  } catch (error) {
    failure(error instanceof Error ? error.message : String(error));
    return false;
  }
}
