import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

/**
 * A stored photo as the upload path leaves it, `files/<xx>/<sha256>.jpg`, without the upload's
 * image checks: a backup copies the bytes and never decodes them. Returns the hash.
 */
export function storePhoto(dataDir: string, bytes: Buffer): string {
  const hash = crypto.createHash('sha256').update(bytes).digest('hex');
  const file = path.join(dataDir, 'files', hash.slice(0, 2), `${hash}.jpg`);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, bytes);
  return hash;
}
