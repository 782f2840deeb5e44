/**
 * This browser's Web Push subscription, for the customer's tracking page and a staff member's
 * alert settings alike: whether the browser can, asking its permission, and subscribing through
 * the service worker with the server's VAPID key (GET /api/push/key). The caller sends the
 * subscription to the server for what it is about. The service worker shows what arrives
 * (public/push-sw.js).
 */
import { apiRequest } from './http';

/**
 * How long the service worker, and then the browser's push service, may take before the page
 * says it did not work. Without signal a browser may wait for its push service indefinitely
 * (headless Chromium with no route to it does), and a spinner that never stops helps nobody.
 */
const STEP_TIMEOUT_MS = 20_000;

/** Whether this browser has what Web Push needs (iOS: only in an installed app). */
export function pushSupported(): boolean {
  return (
    typeof window !== 'undefined' &&
    window.isSecureContext &&
    'serviceWorker' in navigator &&
    'PushManager' in window &&
    'Notification' in window
  );
}

function base64urlBytes(text: string): Uint8Array<ArrayBuffer> {
  const base64 = text.replace(/-/g, '+').replace(/_/g, '/');
  const binary = atob(base64 + '='.repeat((4 - (base64.length % 4)) % 4));
  const bytes = new Uint8Array(new ArrayBuffer(binary.length));
  for (let i = 0; i < binary.length; i += 1) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

function sameBytes(key: ArrayBuffer | null, expected: Uint8Array): boolean {
  if (!key || key.byteLength !== expected.length) return false;
  const bytes = new Uint8Array(key);
  return bytes.every((byte, i) => byte === expected[i]);
}

/** `step`, or a rejection once it has taken longer than STEP_TIMEOUT_MS. */
async function inTime<T>(step: Promise<T>, what: string): Promise<T> {
  let timer: number | undefined;
  try {
    return await Promise.race([
      step,
      new Promise<never>((_, reject) => {
        timer = window.setTimeout(() => reject(new Error(`${what}: no answer`)), STEP_TIMEOUT_MS);
      }),
    ]);
  } finally {
    window.clearTimeout(timer);
  }
}

/**
 * Asks for notifications and subscribes this browser with the server's key: the subscription,
 * or 'blocked' / 'idle' when the person blocked notifications or did not answer.
 */
export async function subscribeBrowser(): Promise<PushSubscription | 'blocked' | 'idle'> {
  const permission = await Notification.requestPermission();
  if (permission === 'denied') return 'blocked';
  if (permission !== 'granted') return 'idle';
  const registration = await inTime(navigator.serviceWorker.ready, 'service worker');
  const { publicKey } = await apiRequest<{ publicKey: string }>('/api/push/key');
  const serverKey = base64urlBytes(publicKey);
  let subscription = await registration.pushManager.getSubscription();
  if (subscription && !sameBytes(subscription.options.applicationServerKey, serverKey)) {
    await subscription.unsubscribe();
    subscription = null;
  }
  subscription ??= await inTime(
    registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: serverKey }),
    'push service',
  );
  return subscription;
}

/** This browser's current subscription, if it has one. */
export async function currentSubscription(): Promise<PushSubscription | null> {
  if (!pushSupported()) return null;
  const registration = await navigator.serviceWorker.getRegistration();
  return (await registration?.pushManager.getSubscription()) ?? null;
}
