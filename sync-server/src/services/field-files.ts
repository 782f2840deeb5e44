/**
 * The field record's files on disk (docs/security.md). Every file lives under
 * `DATA_DIR/files/<first two hex digits>/<sha256>.<ext>`, named by the hash of its bytes, so the
 * same photo uploaded twice is stored once and a name can be checked against its content. Never
 * in SQLite: the database records only which hashes are held (`stored_files`).
 *
 * Next to each JPEG original the server keeps two copies it makes itself with sharp (libvips,
 * off the event loop): a thumbnail for galleries and a medium copy for the job sheet and for
 * customers. Both are re-encoded without any metadata, so what a customer downloads carries no
 * GPS position; the original keeps everything the phone wrote, for the business's own record.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import sharp from 'sharp';
import {
  FIELD_FILE_LIMITS,
  fileExtension,
  type FieldFileType,
  type StoredFile,
} from '@pilbara/shared-schema';

/** A stored file's variants: as uploaded, a gallery thumbnail, and the medium copy. */
export type FileVariant = 'original' | 'thumb' | 'medium';

/** Longest side of each copy the server makes, in pixels. */
const VARIANT_SIDE: Record<Exclude<FileVariant, 'original'>, number> = {
  thumb: FIELD_FILE_LIMITS.thumbnailLongSide,
  medium: FIELD_FILE_LIMITS.previewLongSide,
};

/** Why an upload's bytes were refused, with the HTTP status and the field it concerns. */
export class FileRejected extends Error {
  override name = 'FileRejected';
  constructor(
    readonly statusCode: number,
    message: string,
    readonly field: string,
  ) {
    super(message);
  }
}

/** Messages of refused files. */
const FILE_MESSAGES = {
  notImage: 'The file is not an image: send a JPEG photo or a PNG signature',
  wrongType: (expected: string) => `The file is not the ${expected} this record declares`,
  wrongHash: 'The uploaded bytes do not match the content hash recorded for this file',
  tooLarge: (limit: number) =>
    `The image is larger than ${limit} pixels on a side; compress it before sending`,
} as const;

/** SHA-256 of a file's bytes in lowercase hex, read as a stream. */
async function sha256OfFile(file: string): Promise<string> {
  const hash = crypto.createHash('sha256');
  await pipeline(fs.createReadStream(file), hash);
  return hash.digest('hex');
}

export class FieldFiles {
  /** Where stored files live. */
  readonly root: string;
  /** Where the resumable uploads keep partial files until they are complete. */
  readonly uploads: string;

  constructor(dataDir: string) {
    this.root = path.join(dataDir, 'files');
    this.uploads = path.join(dataDir, 'uploads');
    fs.mkdirSync(this.root, { recursive: true });
    fs.mkdirSync(this.uploads, { recursive: true });
  }

  /** The path of a variant of the file with this hash. */
  pathOf(hash: string, mimeType: FieldFileType, variant: FileVariant = 'original'): string {
    const name =
      variant === 'original' ? `${hash}.${fileExtension(mimeType)}` : `${hash}.${variant}.jpg`;
    return path.join(this.root, hash.slice(0, 2), name);
  }

  /**
   * Checks a complete upload and stores it under its hash: the bytes must hash to `expected.hash`
   * and decode as an image of the declared type within the size limit. Throws {@link FileRejected}
   * otherwise, leaving nothing stored. Returns the `stored_files` row for it (the caller records
   * it); storing bytes that are already held stores nothing twice.
   */
  async store(
    source: string,
    expected: { hash: string; mimeType: FieldFileType },
    now: string,
  ): Promise<StoredFile> {
    const hash = await sha256OfFile(source);
    if (hash !== expected.hash) throw new FileRejected(400, FILE_MESSAGES.wrongHash, 'sha256');
    const image = await inspectImage(source);
    const format =
      image.format === 'jpeg' ? 'image/jpeg' : image.format === 'png' ? 'image/png' : null;
    if (!format) throw new FileRejected(415, FILE_MESSAGES.notImage, 'file');
    if (format !== expected.mimeType) {
      throw new FileRejected(415, FILE_MESSAGES.wrongType(expected.mimeType), 'file');
    }
    if (Math.max(image.width, image.height) > FIELD_FILE_LIMITS.maxDimension) {
      throw new FileRejected(400, FILE_MESSAGES.tooLarge(FIELD_FILE_LIMITS.maxDimension), 'file');
    }
    const target = this.pathOf(hash, format);
    if (!fs.existsSync(target)) await copyAtomically(source, target);
    if (format === 'image/jpeg') {
      await this.derived(hash, format, 'thumb');
      await this.derived(hash, format, 'medium');
    }
    return {
      id: hash,
      size: (await fsp.stat(target)).size,
      mimeType: format,
      width: image.width,
      height: image.height,
      createdAt: now,
    };
  }

  /**
   * The path of a variant, making the copy first when it is missing (a copy is made at upload;
   * one lost to a crash between the two steps is made again on first use). PNG signatures have
   * no copies: the original is returned. Undefined when the original is not here.
   */
  async derived(
    hash: string,
    mimeType: FieldFileType,
    variant: FileVariant,
  ): Promise<string | undefined> {
    const original = this.pathOf(hash, mimeType);
    if (!fs.existsSync(original)) return undefined;
    if (variant === 'original' || mimeType !== 'image/jpeg') return original;
    const target = this.pathOf(hash, mimeType, variant);
    if (fs.existsSync(target)) return target;
    const side = VARIANT_SIDE[variant];
    const temporary = `${target}.${crypto.randomBytes(6).toString('hex')}.tmp`;
    // rotate() applies the phone's orientation flag before the metadata is dropped; sharp writes
    // no EXIF, XMP or ICC data unless told to keep it.
    await sharp(original, { limitInputPixels: FIELD_FILE_LIMITS.maxDimension ** 2 })
      .rotate()
      .resize({ width: side, height: side, fit: 'inside', withoutEnlargement: true })
      .jpeg({ quality: variant === 'thumb' ? 70 : 78, mozjpeg: true })
      .toFile(temporary);
    await fsp.rename(temporary, target);
    return target;
  }
}

/** The format and pixel size of an image file, or a 415 when it is not one. */
async function inspectImage(
  file: string,
): Promise<{ format: string; width: number; height: number }> {
  try {
    // Only the header is read here, so no pixel limit applies yet: the size is checked by the
    // caller, and every decode of the pixels (copies, the job sheet) is made under the cap.
    const meta = await sharp(file, { limitInputPixels: false }).metadata();
    if (!meta.format || !meta.width || !meta.height) throw new Error('no image');
    return { format: meta.format, width: meta.width, height: meta.height };
  } catch {
    throw new FileRejected(415, FILE_MESSAGES.notImage, 'file');
  }
}

/** Copies to a temporary name beside the target, then renames: a reader never sees half a file. */
async function copyAtomically(source: string, target: string): Promise<void> {
  await fsp.mkdir(path.dirname(target), { recursive: true });
  const temporary = `${target}.${crypto.randomBytes(6).toString('hex')}.tmp`;
  await fsp.copyFile(source, temporary);
  await fsp.rename(temporary, target);
}
