/**
 * Capturing the field record on a phone: a photo compressed in the browser to about
 * 1,600 px on its long side (browser-image-compression) with a thumbnail, its SHA-256, the
 * position the phone gives (or the honest reason it gives none), and the room left on the
 * device. Works offline: nothing here touches the network.
 */
import imageCompression from 'browser-image-compression';
import { FIELD_FILE_LIMITS, type PositionFields } from '@pilbara/shared-schema';

/** JPEG quality of the kept photo: sharp enough to read a number plate and a scratch. */
const PHOTO_QUALITY = 0.82;
/** JPEG quality of the thumbnail the device keeps after the upload. */
const THUMB_QUALITY = 0.7;

export interface CompressedPhoto {
  full: ArrayBuffer;
  thumb: ArrayBuffer;
  width: number;
  height: number;
}

async function pixelSize(blob: Blob): Promise<{ width: number; height: number }> {
  const bitmap = await createImageBitmap(blob);
  const size = { width: bitmap.width, height: bitmap.height };
  bitmap.close();
  return size;
}

/**
 * Compresses a camera or gallery image to a JPEG of at most `photoLongSide` px, and a thumbnail.
 * The library's web worker would load its script from a CDN, which a phone without signal cannot
 * reach, so it runs on the page (it draws on an OffscreenCanvas where there is one).
 */
export async function compressPhoto(file: File): Promise<CompressedPhoto> {
  const common = { useWebWorker: false, fileType: 'image/jpeg', preserveExif: false } as const;
  const full = await imageCompression(file, {
    ...common,
    maxWidthOrHeight: FIELD_FILE_LIMITS.photoLongSide,
    initialQuality: PHOTO_QUALITY,
    // Quality is set above; the size cap only stops a pathological image growing past the limit.
    maxSizeMB: FIELD_FILE_LIMITS.maxPhotoBytes / (1024 * 1024),
    alwaysKeepResolution: false,
  });
  const thumb = await imageCompression(full, {
    ...common,
    maxWidthOrHeight: FIELD_FILE_LIMITS.thumbnailLongSide,
    initialQuality: THUMB_QUALITY,
  });
  const { width, height } = await pixelSize(full);
  return { full: await full.arrayBuffer(), thumb: await thumb.arrayBuffer(), width, height };
}

/** The SHA-256 of `bytes` in lowercase hex: the name the server stores the file under. */
export async function sha256Hex(bytes: ArrayBuffer): Promise<string> {
  const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', bytes));
  return Array.from(digest, (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/** How long to wait for a GPS fix before saying there is none. */
const POSITION_TIMEOUT_MS = 8_000;

/**
 * Where the phone is, with its accuracy; or no position and why (location refused, no fix, too
 * slow). Never rejects: a capture is never held up by the GPS.
 */
export function currentPosition(): Promise<PositionFields> {
  const none = (note: 'denied' | 'unavailable' | 'timeout'): PositionFields => ({
    latitude: null,
    longitude: null,
    accuracy: null,
    positionNote: note,
  });
  if (typeof navigator === 'undefined' || !navigator.geolocation)
    return Promise.resolve(none('unavailable'));
  return new Promise((resolve) => {
    navigator.geolocation.getCurrentPosition(
      (position) =>
        resolve({
          latitude: position.coords.latitude,
          longitude: position.coords.longitude,
          accuracy: Math.round(position.coords.accuracy),
          positionNote: null,
        }),
      (error) =>
        resolve(
          none(
            error.code === error.PERMISSION_DENIED
              ? 'denied'
              : error.code === error.TIMEOUT
                ? 'timeout'
                : 'unavailable',
          ),
        ),
      { enableHighAccuracy: true, timeout: POSITION_TIMEOUT_MS, maximumAge: 60_000 },
    );
  });
}

export interface DeviceSpace {
  /** Bytes this site uses, or null when the browser does not say. */
  used: number | null;
  /** Bytes this site may still use, or null when the browser does not say. */
  free: number | null;
}

/** The space this site uses and has left (`navigator.storage.estimate()`). */
export async function deviceSpace(): Promise<DeviceSpace> {
  const storage = typeof navigator === 'undefined' ? undefined : navigator.storage;
  if (!storage?.estimate) return { used: null, free: null };
  try {
    const { usage, quota } = await storage.estimate();
    return {
      used: usage ?? null,
      free: usage !== undefined && quota !== undefined ? Math.max(0, quota - usage) : null,
    };
  } catch {
    return { used: null, free: null };
  }
}

/**
 * Room a capture needs besides its own bytes: IndexedDB writes a transaction's data before it
 * commits, and the outbox row and indexes come with it.
 */
export const SPACE_MARGIN_BYTES = 5 * 1024 * 1024;

/** Megabytes, one decimal: `12.4`. */
export function megabytes(bytes: number): string {
  return (bytes / (1024 * 1024)).toFixed(1);
}

/** Whether `bytes` more fit on the device, with the margin; unknown space is not refused. */
export function fitsOnDevice(space: DeviceSpace, bytes: number): boolean {
  return space.free === null || space.free >= bytes + SPACE_MARGIN_BYTES;
}
