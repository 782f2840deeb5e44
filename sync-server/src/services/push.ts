/**
 * Web Push to customers, with the `web-push` library: VAPID signing (RFC 8292)
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
import dns from 'node:dns';
import fs from 'node:fs';
import path from 'node:path';
import { Agent } from 'node:https';
import type { LookupFunction } from 'node:net';
import ipaddr from 'ipaddr.js';
import webpush from 'web-push';
import { PUSH_SERVICE_HOSTS, isPushServiceHost, pushEndpointProblem } from '@pilbara/shared-schema';

/** The file in DATA_DIR holding the VAPID key pair. */
export const VAPID_FILE = 'vapid.json';

/** How long a push service keeps a message for a phone that is off (seconds): half a day. */
const PUSH_TTL_SECONDS = 12 * 60 * 60;

/** How long one send may take before it counts as failed. */
const PUSH_TIMEOUT_MS = 15_000;

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
interface PushTarget {
  endpoint: string;
  p256dh: string;
  auth: string;
}

type PushResult =
  | { ok: true }
  /** `gone`: the push service says the subscription no longer exists (404 or 410). */
  | { ok: false; gone: boolean; error: string };

/** One address a host name resolved to. */
interface ResolvedAddress {
  address: string;
  family: number;
}

/**
 * How sends reach the network. Production: the browsers' push services only, resolved
 * by DNS, refused when any address is not public unicast, and connected to the very address that
 * was checked (so a second, different DNS answer cannot slip in). Tests replace the parts that
 * need a network they do not have (their push service stand-in listens on loopback).
 */
export interface PushNetwork {
  /** Host suffixes accepted (default: the browsers' push services, PUSH_SERVICE_HOSTS). */
  hosts?: readonly string[];
  /** Resolves a host name to every address it has (default: the system's DNS). */
  resolve?: (host: string) => Promise<ResolvedAddress[]>;
  /** Whether the server may connect to an address (default: public unicast only). */
  allowAddress?: (address: string) => boolean;
  /** The agent that connects to the checked `address` (default: one pinned to it). */
  agentFor?: (address: ResolvedAddress) => Agent;
}

/** Why a send was refused before any connection was made. */
class PushRefused extends Error {
  override name = 'PushRefused';
  constructor(
    message: string,
    /** True when the endpoint itself can never be sent to (the subscription is dropped). */
    readonly forGood: boolean,
  ) {
    super(message);
  }
}

/**
 * Whether an address is one the server may connect to for a push: public unicast only. Private
 * (10/8, 172.16/12, 192.168/16, fc00::/7), loopback, link-local (169.254/16, the cloud metadata
 * address among them; fe80::/10), carrier-grade NAT, multicast, reserved, unspecified and the
 * IPv4-mapped forms of all of them are refused (ipaddr.js's ranges).
 */
function isPublicAddress(address: string): boolean {
  if (!ipaddr.isValid(address)) return false;
  return ipaddr.process(address).range() === 'unicast';
}

async function resolveAll(host: string): Promise<ResolvedAddress[]> {
  return dns.promises.lookup(host, { all: true, verbatim: true });
}

/** An agent whose every connection goes to `pinned`, whatever name the request carries. */
function pinnedAgent(pinned: ResolvedAddress): Agent {
  const lookup: LookupFunction = (_host, options, callback) => {
    if (options.all) callback(null, [pinned]);
    else callback(null, pinned.address, pinned.family);
  };
  return new Agent({ keepAlive: false, lookup });
}

/**
 * The address a push for `endpoint` may connect to, or {@link PushRefused}: the endpoint is
 * checked again (the rule the subscription schema applies, then the platform's URL parser), its
 * host resolved, and every address it resolves to must be public.
 */
async function checkedPushTarget(
  endpoint: string,
  network: PushNetwork = {},
): Promise<ResolvedAddress> {
  const hosts = network.hosts ?? PUSH_SERVICE_HOSTS;
  const problem = pushEndpointProblem(endpoint, hosts);
  if (problem) throw new PushRefused(`push endpoint refused: ${problem}`, true);
  const url = new URL(endpoint);
  if (
    url.protocol !== 'https:' ||
    url.port !== '' ||
    url.username !== '' ||
    url.password !== '' ||
    !isPushServiceHost(url.hostname, hosts)
  ) {
    throw new PushRefused('push endpoint refused: not a browser push service', true);
  }
  let addresses: ResolvedAddress[];
  try {
    addresses = await (network.resolve ?? resolveAll)(url.hostname);
  } catch (error) {
    throw new PushRefused(
      `push host did not resolve: ${error instanceof Error ? error.message : String(error)}`,
      false,
    );
  }
  const allow = network.allowAddress ?? isPublicAddress;
  const refused = addresses.find((entry) => !allow(entry.address));
  if (addresses.length === 0 || refused) {
    throw new PushRefused(
      `push host resolves to an address the server does not connect to (${refused?.address ?? 'none'})`,
      false,
    );
  }
  return addresses[0] as ResolvedAddress;
}

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
  /** Where sends may go and how they connect (tests: their local push service). */
  network?: PushNetwork;
}): PushSender {
  const vapidDetails = { subject: options.subject, ...options.keys };
  const network = options.network ?? {};
  return {
    publicKey: options.keys.publicKey,
    async send(target, payload) {
      let agent: Agent;
      try {
        const address = await checkedPushTarget(target.endpoint, network);
        agent = (network.agentFor ?? pinnedAgent)(address);
      } catch (error) {
        if (!(error instanceof PushRefused)) throw error;
        return { ok: false, gone: error.forGood, error: error.message };
      }
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
            agent,
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
      } finally {
        agent.destroy();
      }
    },
  };
}
