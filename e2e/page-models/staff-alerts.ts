/**
 * Page models of the staff alerts: the in-app alarm on a staff screen, a staff device's push
 * subscription, the service worker showing a push, and the texts the server wrote to its outbox
 * (no text provider is configured in the journeys, so each text is a file in DATA_DIR/outbox).
 */
import { createECDH, randomBytes } from 'node:crypto';
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import {
  expect,
  type APIRequestContext,
  type BrowserContext,
  type Locator,
  type Page,
} from '@playwright/test';
import { DEVICE_WRITE_TIMEOUT } from './app-shell';

export class StaffAlarm {
  constructor(readonly page: Page) {}

  get banner(): Locator {
    return this.page.getByTestId('staff-alarm');
  }

  row(bookingId: string): Locator {
    return this.page.locator(`[data-testid="alarm-booking"][data-booking-id="${bookingId}"]`);
  }

  /** "I've got it" on the booking's row; the row goes once the device has kept it. */
  async acknowledge(bookingId: string): Promise<void> {
    await this.row(bookingId).getByRole('button', { name: "I've got it" }).click();
    await expect(this.row(bookingId)).toHaveCount(0, { timeout: DEVICE_WRITE_TIMEOUT });
  }
}

/**
 * Takes every booking still waiting on the server, by the call "I've got it" makes, as a signed-in
 * admin (`request`). The alarm rings for each waiting booking, and a worker's server keeps the
 * bookings of every journey it ran before: taken first, the alarm rings for the next one alone.
 */
export async function takeWaitingBookings(request: APIRequestContext): Promise<void> {
  const listed = await request.get('/api/bookings');
  expect(listed.status(), await listed.text()).toBe(200);
  const { bookings } = (await listed.json()) as {
    bookings: { id: string; status: string; acknowledgedAt?: string | null }[];
  };
  for (const waiting of bookings.filter((b) => b.status === 'pending' && !b.acknowledgedAt)) {
    const taken = await request.post(`/api/bookings/${waiting.id}/acknowledge`);
    expect(taken.status(), await taken.text()).toBe(200);
  }
}

/** A browser's subscription keys, as `PushSubscription.toJSON()` gives them. */
function browserKeys(): { p256dh: string; auth: string } {
  const ecdh = createECDH('prime256v1');
  return {
    p256dh: ecdh.generateKeys().toString('base64url'),
    auth: randomBytes(16).toString('base64url'),
  };
}

/**
 * Registers a push subscription for the signed-in staff member of `context`, as their device's
 * "Turn on for this device" does. Headless Chromium's contexts are off the record and refuse a
 * real subscription (see notify-me.spec.ts), so the subscription is made here: an address of a
 * real browser push service, which the server accepts and cannot reach from this machine.
 */
export async function registerStaffDevice(context: BrowserContext, device: string): Promise<void> {
  const answer = await context.request.post('/api/staff-alerts/push', {
    data: {
      endpoint: `https://fcm.googleapis.com/fcm/send/${device}`,
      expirationTime: null,
      keys: browserKeys(),
    },
  });
  expect(answer.status(), await answer.text()).toBe(201);
}

interface ShownNotification {
  title: string;
  body: string;
  tag: string;
  requireInteraction: boolean;
  url: string | undefined;
}

/** The notifications the app's service worker shows on `page`'s device. */
function shownNotifications(page: Page): Promise<ShownNotification[]> {
  return page.evaluate(async () => {
    const registration = await navigator.serviceWorker.ready;
    return (await registration.getNotifications()).map((n) => ({
      title: n.title,
      body: n.body,
      tag: n.tag,
      requireInteraction: n.requireInteraction,
      url: (n.data as { url?: string } | null)?.url,
    }));
  });
}

/**
 * Delivers `data` to the app's service worker on `page`'s device as its push service would, through
 * DevTools, until the worker shows a notification with `title`. DevTools' delivery answers before
 * the worker has the message and reports nothing back; on a loaded machine one delivery in a few
 * never reached the worker (see notify-me.spec.ts), so it is delivered again while nothing shows.
 */
export async function deliverUntilShown(
  context: BrowserContext,
  page: Page,
  origin: string,
  data: string,
  title: string,
): Promise<ShownNotification> {
  const cdp = await context.newCDPSession(page);
  const registrationId = new Promise<string>((resolve) => {
    cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations }) => {
      const ours = registrations.find((r) => r.scopeURL === `${origin}/` && !r.isDeleted);
      if (ours) resolve(ours.registrationId);
    });
  });
  await cdp.send('ServiceWorker.enable');
  let sentAt = 0;
  let found: ShownNotification | undefined;
  await expect
    .poll(
      async () => {
        found = (await shownNotifications(page)).find((n) => n.title === title);
        if (!found && Date.now() - sentAt > 15_000) {
          sentAt = Date.now();
          await cdp.send('ServiceWorker.deliverPushMessage', {
            origin,
            registrationId: await registrationId,
            data,
          });
        }
        return found?.title;
      },
      { timeout: 60_000, message: `the device shows the notification "${title}"` },
    )
    .toBe(title);
  await cdp.detach();
  return found!;
}

/** A text the server wrote to its outbox. */
export interface OutboxText {
  to: string;
  body: string;
}

/** Every text in the server's outbox folder, oldest first. */
export function outboxTexts(dataDir: string): OutboxText[] {
  const dir = join(dataDir, 'outbox');
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((name) => name.includes('-sms-'))
    .sort()
    .map((name) => {
      const text = readFileSync(join(dir, name), 'utf8');
      const to = /^To: (.*)$/m.exec(text)?.[1] ?? '';
      const body = text.split('\n\n').slice(1).join('\n\n').trim();
      return { to, body };
    });
}
