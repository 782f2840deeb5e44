/**
 * A stand-in for a browser vendor's push service (unreachable here), for tests: an HTTPS server
 * on 127.0.0.1 with a self-signed certificate for the push service's name (fcm.googleapis.com)
 * that records every push it is sent, the network the server's sender reaches it through (the
 * name resolves to this loopback service, which only this test allows), and a test
 * browser's subscription keys (a real P-256 key pair and auth secret) with the RFC 8291
 * decryption a browser does, written with node:crypto so the server's library is checked by
 * independent code.
 */
import crypto from 'node:crypto';
import https from 'node:https';
import tls from 'node:tls';
import type { PushNetwork } from '../../src/services/push';
import { generate } from 'selfsigned';
import { listenOnLoopback } from '../helper';

interface ReceivedPush {
  path: string;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

/** The push service's name in the subscriptions the tests make: a real browser push host. */
const PUSH_HOST = 'fcm.googleapis.com';

export interface TestPushService {
  /** `https://fcm.googleapis.com`: the endpoints' origin, the audience a VAPID token names. */
  origin: string;
  received: ReceivedPush[];
  /**
   * How the server reaches this service: the push host resolves to 127.0.0.1 (allowed for this
   * test only) and the connection goes to this service's port, its certificate checked.
   */
  network: PushNetwork;
  /** Host names the server's sender resolved, in order. */
  resolved: string[];
  /** Paths answered 410 Gone (an unsubscribed browser). */
  gone: Set<string>;
  waitFor(count: number): Promise<ReceivedPush[]>;
}

export async function startPushService(): Promise<TestPushService> {
  const pems = await generate([{ name: 'commonName', value: PUSH_HOST }], {
    keyType: 'ec',
    curve: 'P-256',
    algorithm: 'sha256',
    extensions: [{ name: 'subjectAltName', altNames: [{ type: 2, value: PUSH_HOST }] }],
  });
  const received: ReceivedPush[] = [];
  const waiters: (() => void)[] = [];
  const gone = new Set<string>();
  const server = https.createServer({ key: pems.private, cert: pems.cert }, (request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      received.push({
        path: request.url ?? '',
        headers: request.headers,
        body: Buffer.concat(chunks),
      });
      waiters.splice(0).forEach((wake) => wake());
      response.statusCode = gone.has(request.url ?? '') ? 410 : 201;
      response.end();
    });
  });
  const port = await listenOnLoopback(server);
  const resolved: string[] = [];
  /** Connects to this service whatever port the URL names, verifying the push host's name. */
  class ServiceAgent extends https.Agent {
    override createConnection(): tls.TLSSocket {
      return tls.connect({ host: '127.0.0.1', port, servername: PUSH_HOST, ca: pems.cert });
    }
  }
  return {
    origin: `https://${PUSH_HOST}`,
    received,
    network: {
      resolve: async (host) => {
        resolved.push(host);
        return [{ address: '127.0.0.1', family: 4 }];
      },
      allowAddress: (address) => address === '127.0.0.1',
      agentFor: () => new ServiceAgent({ keepAlive: false }),
    },
    resolved,
    gone,
    async waitFor(count) {
      while (received.length < count) await new Promise<void>((resolve) => waiters.push(resolve));
      return received;
    },
  };
}

/** What a browser generates when it subscribes: a P-256 key pair and a 16-byte auth secret. */
export interface TestBrowserKeys {
  p256dh: string;
  auth: string;
  decrypt(body: Buffer): string;
}

function hkdf(salt: Buffer, ikm: Buffer, info: Buffer, length: number): Buffer {
  return Buffer.from(crypto.hkdfSync('sha256', ikm, salt, info, length));
}

export function browserKeys(): TestBrowserKeys {
  const ecdh = crypto.createECDH('prime256v1');
  const publicKey = ecdh.generateKeys();
  const authSecret = crypto.randomBytes(16);
  return {
    p256dh: publicKey.toString('base64url'),
    auth: authSecret.toString('base64url'),
    decrypt(body) {
      // RFC 8188 header: salt (16) | record size (4) | key id length (1) | key id (the
      // sender's ephemeral public key, RFC 8291 §4).
      const salt = body.subarray(0, 16);
      const idLength = body.readUInt8(20);
      const senderKey = body.subarray(21, 21 + idLength);
      const record = body.subarray(21 + idLength);
      const shared = ecdh.computeSecret(senderKey);
      const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), publicKey, senderKey]);
      const ikm = hkdf(authSecret, shared, keyInfo, 32);
      const cek = hkdf(salt, ikm, Buffer.from('Content-Encoding: aes128gcm\0'), 16);
      const nonce = hkdf(salt, ikm, Buffer.from('Content-Encoding: nonce\0'), 12);
      const decipher = crypto.createDecipheriv('aes-128-gcm', cek, nonce);
      decipher.setAuthTag(record.subarray(record.length - 16));
      const padded = Buffer.concat([
        decipher.update(record.subarray(0, record.length - 16)),
        decipher.final(),
      ]);
      // The last record ends with the delimiter 0x02 and optional zero padding.
      let end = padded.length - 1;
      while (end >= 0 && padded[end] === 0) end -= 1;
      if (padded[end] !== 2) throw new Error('push record without the last-record delimiter');
      return padded.subarray(0, end).toString('utf8');
    },
  };
}

/** The claims of a VAPID `Authorization: vapid t=…, k=…` header, its signature checked. */
export function verifyVapid(
  header: string | undefined,
  publicKey: string,
): { aud: string; exp: number; sub: string } {
  const match = /^vapid t=([^,]+), k=(.+)$/.exec(header ?? '');
  if (!match) throw new Error(`not a VAPID Authorization header: ${header}`);
  const [, token = '', key] = match;
  if (key !== publicKey) throw new Error('the header names another public key');
  const [head = '', claims = '', signature = ''] = token.split('.');
  const raw = Buffer.from(publicKey, 'base64url');
  const verifier = crypto.createPublicKey({
    key: {
      kty: 'EC',
      crv: 'P-256',
      x: raw.subarray(1, 33).toString('base64url'),
      y: raw.subarray(33, 65).toString('base64url'),
    },
    format: 'jwk',
  });
  const valid = crypto.verify(
    'sha256',
    Buffer.from(`${head}.${claims}`),
    { key: verifier, dsaEncoding: 'ieee-p1363' },
    Buffer.from(signature, 'base64url'),
  );
  if (!valid) throw new Error('the VAPID signature does not verify');
  const alg = (JSON.parse(Buffer.from(head, 'base64url').toString()) as { alg: string }).alg;
  if (alg !== 'ES256') throw new Error(`VAPID token signed with ${alg}`);
  return JSON.parse(Buffer.from(claims, 'base64url').toString()) as {
    aud: string;
    exp: number;
    sub: string;
  };
}
