/**
 * Encryption of everything a backup sends off the machine: AES-256-GCM from
 * node:crypto with the business's key (BACKUP_KEY), one random 96-bit IV per file, streamed so a
 * database of hundreds of megabytes never sits in memory.
 *
 * File format: `PLBK`, a version byte, a flags byte (1: the plaintext was gzipped first), the
 * key id (8 bytes: which key encrypted it, so a wrong key is named instead of reported as
 * damage), the IV (12 bytes); then the ciphertext; then GCM's 16-byte tag. The 26-byte header is
 * authenticated too (additional data), so no byte of the file can change unnoticed.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import { pipeline } from 'node:stream/promises';
import zlib from 'node:zlib';

const MAGIC = Buffer.from('PLBK');
const VERSION = 1;
const HEADER_BYTES = 4 + 1 + 1 + 8 + 12;
const TAG_BYTES = 16;
const GZIPPED = 1;

/** Why a copy could not be decrypted, in words an owner can act on. */
export class BackupCryptoError extends Error {
  override name = 'BackupCryptoError';
}

/** The first 8 bytes of a key's fingerprint: names the key without revealing it. */
function keyId(key: Buffer): Buffer {
  return crypto
    .createHash('sha256')
    .update('pilbara-backup-key')
    .update(key)
    .digest()
    .subarray(0, 8);
}

/** The key's id as text, for manifests and messages. */
export function keyIdText(key: Buffer): string {
  return keyId(key).toString('hex');
}

/** Encrypts `source` into `target` (gzipping first when asked); returns the bytes written. */
export async function encryptFile(
  source: string,
  target: string,
  key: Buffer,
  { gzip = false }: { gzip?: boolean } = {},
): Promise<number> {
  const iv = crypto.randomBytes(12);
  const header = Buffer.concat([MAGIC, Buffer.from([VERSION, gzip ? GZIPPED : 0]), keyId(key), iv]);
  const cipher = crypto.createCipheriv('aes-256-gcm', key, iv);
  cipher.setAAD(header);
  const out = fs.createWriteStream(target);
  out.write(header);
  if (gzip) {
    await pipeline(fs.createReadStream(source), zlib.createGzip({ level: 6 }), cipher, out, {
      end: false,
    });
  } else {
    await pipeline(fs.createReadStream(source), cipher, out, { end: false });
  }
  await new Promise<void>((resolve, reject) =>
    out.end(cipher.getAuthTag(), (error?: Error | null) => (error ? reject(error) : resolve())),
  );
  return (await fsp.stat(target)).size;
}

/**
 * Decrypts `source` (made by {@link encryptFile}) into `target`. Throws a
 * {@link BackupCryptoError} for another key or a damaged file; `target` is then removed.
 */
export async function decryptFile(source: string, target: string, key: Buffer): Promise<void> {
  const handle = await fsp.open(source, 'r');
  const header = Buffer.alloc(HEADER_BYTES);
  let size: number;
  let tag: Buffer;
  try {
    size = (await handle.stat()).size;
    await handle.read(header, 0, HEADER_BYTES, 0);
    tag = Buffer.alloc(TAG_BYTES);
    if (size >= HEADER_BYTES + TAG_BYTES) await handle.read(tag, 0, TAG_BYTES, size - TAG_BYTES);
  } finally {
    await handle.close();
  }
  if (size < HEADER_BYTES + TAG_BYTES || !header.subarray(0, 4).equals(MAGIC)) {
    throw new BackupCryptoError(`${source} is not an encrypted backup file`);
  }
  if (header[4] !== VERSION) {
    throw new BackupCryptoError(`${source} was written by a newer version of the backup`);
  }
  const wanted = header.subarray(6, 14);
  if (!wanted.equals(keyId(key))) {
    throw new BackupCryptoError(
      `${source} was encrypted with another key (key id ${wanted.toString('hex')}); BACKUP_KEY is key id ${keyIdText(key)}`,
    );
  }
  const decipher = crypto.createDecipheriv('aes-256-gcm', key, header.subarray(14, 26));
  decipher.setAAD(header);
  decipher.setAuthTag(tag);
  const body = fs.createReadStream(source, { start: HEADER_BYTES, end: size - TAG_BYTES - 1 });
  try {
    if (header[5] === GZIPPED) {
      await pipeline(body, decipher, zlib.createGunzip(), fs.createWriteStream(target));
    } else {
      await pipeline(body, decipher, fs.createWriteStream(target));
    }
  } catch (error) {
    await fsp.rm(target, { force: true });
    if (error instanceof Error && /auth|unable to authenticate/i.test(error.message)) {
      throw new BackupCryptoError(`${source} is damaged or was changed: it does not authenticate`);
    }
    throw error;
  }
}
