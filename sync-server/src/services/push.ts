/**
 * Web Push to customers (issue 20 item 5), with the `web-push` library: VAPID signing (RFC 8292)
 * and aes128gcm payload encryption (RFC 8291) are its work, not ours.
 *
 * The VAPID key pair is generated on the first start and kept in `DATA_DIR/vapid.json` (mode
 * 0600): browsers tie each subscription to the public key, so a new key would silently end
 * every subscription. Back the file up with the database.
 *
 * Sending is asynchronous I/O (one HTTPS POST per subscription); the encryption of a short
 * payload is microseconds of CPU, so the event loop is never held. The notifier decides what is
 * sent and records it exactly once (services/notifier.ts).
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Agent } from 'node:https';
import webpush from 'web-push';

/** The file in DATA_DIR holding the VAPID key pair. */
export const VAPID_FILE = 'vapid.json';

/** How long a push service keeps a message for a phone that is off (seconds): half a day. */
export const PUSH_TTL_SECONDS = 12 * 60 * 60;

/** How long one send may take before it counts as failed. */
export const PUSH_TIMEOUT_MS = 15_000;

export interface VapidKeys {
  publicKey: string;
  privateKey: string;
}

function readKeys(file: string): VapidKeys {
  const parsed = JSON.parse(fs.readFileSync(file, 'utf8')) as Partial<VapidKeys>;
  if (typeof parsed.publicKey !== 'string' || typeof parsed.privateKey !== 'string') {
    throw new Error(`${file} does not hold a VAPID key pair`);
  }
  return { publicKey: parsed.publicKey, privateKey: parsed.privateKey };
}

/** The VAPID keys of this data folder, generated and saved (0600) the first time. */
export function loadVapidKeys(dataDir: string): VapidKeys {
  const file = path.join(dataDir, VAPID_FILE);
  if (fs.existsSync(file)) return readKeys(file);
  const keys = webpush.generateVAPIDKeys();
  fs.mkdirSync(dataDir, { recursive: true });
  try {
    // 'wx': a second process starting at the same moment keeps the first one's keys.
    fs.writeFileSync(file, `${JSON.stringify(keys, null, 2)}\n`, { mode: 0o600, flag: 'wx' });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return readKeys(file);
    throw error;
  }
  return keys;
}

/** A browser's subscription as stored. */
export interface PushTarget {
  endpoint: string;
  p256dh: string;
  auth: string;
}

export type PushResult =
  | { ok: true }
  /** `gone`: the push service says the subscription no longer exists (404 or 410). */
  | { ok: false; gone: boolean; error: string };

export interface PushSender {
  /** The VAPID public key (base64url) the browser subscribes with. */
  publicKey: string;
  send(target: PushTarget, payload: string): Promise<PushResult>;
}

/**
 * The VAPID subject (who to contact about this sender): the site's https address, else the
 * business email.
 */
export function vapidSubject(publicUrl: string, email: string): string {
  return publicUrl.startsWith('https:') ? publicUrl.replace(/\/+$/, '') : `mailto:${email}`;
}

export function createPushSender(options: {
  keys: VapidKeys;
  subject: string;
  /** Tests pass an agent that trusts their local push service's certificate. */
  agent?: Agent;
}): PushSender {
  const vapidDetails = { subject: options.subject, ...options.keys };
  return {
    publicKey: options.keys.publicKey,
    async send(target, payload) {
      try {
        await webpush.sendNotification(
          { endpoint: target.endpoint, keys: { p256dh: target.p256dh, auth: target.auth } },
          payload,
          {
            vapidDetails,
            TTL: PUSH_TTL_SECONDS,
            contentEncoding: 'aes128gcm',
            timeout: PUSH_TIMEOUT_MS,
            urgency: 'high',
            ...(options.agent ? { agent: options.agent } : {}),
          },
        );
        return { ok: true };
      } catch (error) {
        const status = (error as { statusCode?: unknown }).statusCode;
        const gone = status === 404 || status === 410;
        const text = error instanceof Error ? error.message : String(error);
        return {
          ok: false,
          gone,
          error: typeof status === 'number' ? `${text} (HTTP ${status})` : text,
        };
      }
    },
  };
}
