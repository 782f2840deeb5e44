/**
 * Where off-machine copies go: a mounted folder (a USB drive, a network share) and
 * S3-compatible object storage through the official AWS SDK. Both hold the same keys
 * (`sets/<id>/…`, `files/…`), every object encrypted (backup/crypto.ts), so a copy can be moved
 * from one to the other and restored from either.
 */
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { Readable } from 'node:stream';
import type { S3Client } from '@aws-sdk/client-s3';
import type { Config } from '../config';

/** One off-machine destination. Keys use `/` whatever the platform. */
export interface Destination {
  /** How staff see it: "folder /mnt/usb/pilbara", "s3://bucket/prefix". */
  readonly name: string;
  /** Stores the file at `key`, replacing what was there; never leaves half an object. */
  put(key: string, file: string): Promise<void>;
  /** Writes the object at `key` to `file`. */
  get(key: string, file: string): Promise<void>;
  /** Every key under `prefix`. */
  list(prefix: string): Promise<string[]>;
  remove(keys: readonly string[]): Promise<void>;
}

/** A folder on a mounted drive or share. */
export class FolderDestination implements Destination {
  readonly name: string;
  constructor(private readonly root: string) {
    this.name = `folder ${root}`;
  }

  private pathOf(key: string): string {
    const resolved = path.resolve(this.root, ...key.split('/'));
    if (!resolved.startsWith(path.resolve(this.root) + path.sep)) {
      throw new Error(`Key ${key} is outside the backup folder`);
    }
    return resolved;
  }

  async put(key: string, file: string): Promise<void> {
    const target = this.pathOf(key);
    await fsp.mkdir(path.dirname(target), { recursive: true });
    const partial = `${target}.partial`;
    await fsp.copyFile(file, partial);
    // A USB drive pulled half-way must not leave a file that looks complete.
    const handle = await fsp.open(partial, 'r+');
    await handle.sync();
    await handle.close();
    await fsp.rename(partial, target);
  }

  async get(key: string, file: string): Promise<void> {
    await fsp.copyFile(this.pathOf(key), file);
  }

  async list(prefix: string): Promise<string[]> {
    const start = path.join(this.root, ...prefix.split('/').filter(Boolean));
    if (!fs.existsSync(start)) return [];
    const entries = await fsp.readdir(start, { recursive: true, withFileTypes: true });
    return entries
      .filter((entry) => entry.isFile() && !entry.name.endsWith('.partial'))
      .map((entry) =>
        path.relative(this.root, path.join(entry.parentPath, entry.name)).split(path.sep).join('/'),
      );
  }

  async remove(keys: readonly string[]): Promise<void> {
    for (const key of keys) await fsp.rm(this.pathOf(key), { force: true });
  }
}

type S3Settings = NonNullable<Config['backup']['s3']>;

/** An S3 bucket (AWS, or any S3-compatible storage through its endpoint). */
class S3Destination implements Destination {
  readonly name: string;
  private client: Promise<S3Client> | null = null;

  constructor(private readonly settings: S3Settings) {
    this.name = `s3://${settings.bucket}/${settings.prefix}`;
  }

  /** The SDK is loaded on first use: a server without S3 never pays for it at start. */
  private sdk() {
    return import('@aws-sdk/client-s3');
  }

  private async s3() {
    this.client ??= this.sdk().then(
      ({ S3Client }) =>
        new S3Client({
          region: this.settings.region,
          forcePathStyle: this.settings.forcePathStyle,
          ...(this.settings.endpoint ? { endpoint: this.settings.endpoint } : {}),
          // Without keys the SDK's own chain is used (environment, profile, instance role).
          ...(this.settings.accessKeyId && this.settings.secretAccessKey
            ? {
                credentials: {
                  accessKeyId: this.settings.accessKeyId,
                  secretAccessKey: this.settings.secretAccessKey,
                },
              }
            : {}),
          maxAttempts: 3,
        }),
    );
    return this.client;
  }

  private keyOf(key: string): string {
    return this.settings.prefix ? `${this.settings.prefix}/${key}` : key;
  }

  async put(key: string, file: string): Promise<void> {
    const { PutObjectCommand } = await this.sdk();
    const size = (await fsp.stat(file)).size;
    await (
      await this.s3()
    ).send(
      new PutObjectCommand({
        Bucket: this.settings.bucket,
        Key: this.keyOf(key),
        Body: fs.createReadStream(file),
        ContentLength: size,
        ContentType: 'application/octet-stream',
      }),
    );
  }

  async get(key: string, file: string): Promise<void> {
    const { GetObjectCommand } = await this.sdk();
    const answer = await (
      await this.s3()
    ).send(new GetObjectCommand({ Bucket: this.settings.bucket, Key: this.keyOf(key) }));
    if (!answer.Body) throw new Error(`${this.name}: ${key} came back empty`);
    await pipeline(answer.Body as Readable, fs.createWriteStream(file));
  }

  async list(prefix: string): Promise<string[]> {
    const { ListObjectsV2Command } = await this.sdk();
    const client = await this.s3();
    const keys: string[] = [];
    const base = this.settings.prefix ? `${this.settings.prefix}/` : '';
    let token: string | undefined;
    do {
      const page = await client.send(
        new ListObjectsV2Command({
          Bucket: this.settings.bucket,
          Prefix: `${base}${prefix}`,
          ...(token ? { ContinuationToken: token } : {}),
        }),
      );
      for (const object of page.Contents ?? []) {
        if (object.Key) keys.push(object.Key.slice(base.length));
      }
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
    return keys;
  }

  async remove(keys: readonly string[]): Promise<void> {
    const { DeleteObjectCommand } = await this.sdk();
    const client = await this.s3();
    for (const key of keys) {
      await client.send(
        new DeleteObjectCommand({ Bucket: this.settings.bucket, Key: this.keyOf(key) }),
      );
    }
  }
}

/** The destinations the configuration names (none, one or both). */
export function configuredDestinations(config: Config): Destination[] {
  const destinations: Destination[] = [];
  if (config.backup.offsiteDir) destinations.push(new FolderDestination(config.backup.offsiteDir));
  if (config.backup.s3) destinations.push(new S3Destination(config.backup.s3));
  return destinations;
}
