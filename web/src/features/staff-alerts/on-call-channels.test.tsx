import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { pushSubscriptionInputSchema, staffPushRemoveSchema } from '@pilbara/shared-schema';
import { renderScreen } from '../../app/test-providers';
import { json, setOnline } from '../../lib/testing/fake-api';
import { channels, onCallServer } from './on-call-fixture';
import { OnCallPanel } from './on-call-panel';
import { ON_CALL_TEXT } from './on-call-text';

/**
 * The browser's side of Web Push, which jsdom lacks: the notification permission (what the
 * person answers when asked), and a service worker registration whose push manager hands out a
 * subscription of the shape browsers give (the push service itself is out of reach in tests).
 */
interface PushBrowser {
  permission: NotificationPermission;
  /** What the person answers when asked. */
  answer: NotificationPermission;
  subscription: ReturnType<typeof aSubscription> | null;
}

const ENDPOINT = 'https://fcm.googleapis.com/fcm/send/device-of-jo';

function aSubscription(key: ArrayBuffer | null) {
  const json = {
    endpoint: ENDPOINT,
    expirationTime: null,
    keys: { p256dh: `B${'q'.repeat(86)}`, auth: 'a'.repeat(22) },
  };
  return { endpoint: ENDPOINT, options: { applicationServerKey: key }, toJSON: () => json };
}

/** What a test gave the browser, taken away after it. */
const ADDED: [object, PropertyKey][] = [];

function define(target: object, key: PropertyKey, value: unknown): void {
  Object.defineProperty(target, key, { configurable: true, value });
  ADDED.push([target, key]);
}

function pushBrowser(state: Partial<PushBrowser> = {}): PushBrowser {
  const browser: PushBrowser = {
    permission: 'default',
    answer: 'granted',
    subscription: null,
    ...state,
  };
  const registration = {
    pushManager: {
      getSubscription: async () => browser.subscription,
      subscribe: async (options: { applicationServerKey: Uint8Array }) => {
        browser.subscription = aSubscription(options.applicationServerKey.buffer as ArrayBuffer);
        return browser.subscription;
      },
    },
  };
  define(window, 'isSecureContext', true);
  define(window, 'PushManager', class {});
  define(window, 'Notification', {
    get permission() {
      return browser.permission;
    },
    requestPermission: async () => (browser.permission = browser.answer),
  });
  define(navigator, 'serviceWorker', {
    ready: Promise.resolve(registration),
    getRegistration: async () => registration,
  });
  return browser;
}

/** The server's devices for this staff member: the push routes keep the count. */
function server() {
  let devices = 0;
  const api = onCallServer();
  api.on('GET /api/staff-alerts/preferences', () => json(channels({ pushDevices: devices })));
  api.on('GET /api/push/key', json({ publicKey: 'BPk-test-vapid-key' }));
  api.on('POST /api/staff-alerts/push', (call) => {
    pushSubscriptionInputSchema.parse(call.body);
    devices += 1;
    return json({ subscribed: true }, 201);
  });
  api.on('DELETE /api/staff-alerts/push', (call) => {
    staffPushRemoveSchema.parse(call.body);
    devices = Math.max(0, devices - 1);
    return json({ removed: true });
  });
  return api;
}

/** A switch by its label (its accessible name goes on with the description under it). */
function switchOf(container: HTMLElement, label: string): HTMLInputElement {
  return within(container).getByRole('switch', {
    name: (name) => name.startsWith(label),
  }) as HTMLInputElement;
}

async function myChannels(): Promise<HTMLElement> {
  return screen.findByTestId('my-alert-channels');
}

beforeEach(() => {
  setOnline(true);
});

afterEach(() => {
  for (const [target, key] of ADDED.splice(0)) Reflect.deleteProperty(target, key);
});

describe('my alert channels', () => {
  it('shows my switches and devices, and saves a change', async () => {
    const api = onCallServer();
    const { user } = renderScreen(<OnCallPanel />);
    const mine = await myChannels();
    const email = switchOf(mine, ON_CALL_TEXT.channels.email);
    expect(switchOf(mine, ON_CALL_TEXT.channels.push).checked).toBe(true);
    expect(email.checked).toBe(false);
    expect(within(mine).getByText(ON_CALL_TEXT.devices(1))).toBeTruthy();
    // Plain jsdom is a browser without Web Push.
    expect(await within(mine).findByText(ON_CALL_TEXT.pushUnsupported)).toBeTruthy();

    await user.click(email);
    await waitFor(() => expect(api.callsTo('PUT /api/staff-alerts/preferences')).toHaveLength(1));
    expect(api.callsTo('PUT /api/staff-alerts/preferences')[0]?.body).toEqual({
      push: true,
      sms: true,
      email: true,
    });
    expect(email.checked).toBe(true);
  });

  it('puts the switch back and says why when the change cannot be saved', async () => {
    const api = onCallServer();
    api.on('PUT /api/staff-alerts/preferences', 'offline');
    const { user } = renderScreen(<OnCallPanel />);
    const sms = switchOf(await myChannels(), ON_CALL_TEXT.channels.sms);
    await user.click(sms);
    expect(await screen.findByText(ON_CALL_TEXT.needsConnection)).toBeTruthy();
    expect(sms.checked).toBe(true);
  });
});

describe('push on this device', () => {
  it('turns on: asks the browser, registers the subscription, and counts the device', async () => {
    const api = server();
    pushBrowser();
    const { user } = renderScreen(<OnCallPanel />);
    const mine = await myChannels();
    expect(within(mine).getByText(ON_CALL_TEXT.devices(0))).toBeTruthy();
    expect(await within(mine).findByText(ON_CALL_TEXT.pushOff)).toBeTruthy();
    await user.click(within(mine).getByRole('button', { name: ON_CALL_TEXT.pushTurnOn }));

    expect(await within(mine).findByText(ON_CALL_TEXT.pushOn)).toBeTruthy();
    expect(api.callsTo('POST /api/staff-alerts/push')[0]?.body).toEqual(
      aSubscription(null).toJSON(),
    );
    expect(await within(mine).findByText(ON_CALL_TEXT.devices(1))).toBeTruthy();
    expect(within(mine).getByRole('button', { name: ON_CALL_TEXT.pushTurnOff })).toBeTruthy();
  });

  it('turns off: the server forgets this device’s subscription', async () => {
    const api = server();
    pushBrowser({ permission: 'granted', subscription: aSubscription(null) });
    const { user } = renderScreen(<OnCallPanel />);
    const mine = await myChannels();
    await user.click(await within(mine).findByRole('button', { name: ON_CALL_TEXT.pushTurnOff }));
    expect(await within(mine).findByText(ON_CALL_TEXT.pushOff)).toBeTruthy();
    expect(api.callsTo('DELETE /api/staff-alerts/push')[0]?.body).toEqual({ endpoint: ENDPOINT });
  });

  it('says notifications are blocked when the person refuses them, and registers nothing', async () => {
    const api = server();
    pushBrowser({ answer: 'denied' });
    const { user } = renderScreen(<OnCallPanel />);
    const mine = await myChannels();
    await user.click(await within(mine).findByRole('button', { name: ON_CALL_TEXT.pushTurnOn }));
    expect(await within(mine).findByText(ON_CALL_TEXT.pushBlocked)).toBeTruthy();
    expect(within(mine).queryByRole('button', { name: ON_CALL_TEXT.pushTurnOn })).toBeNull();
    expect(api.callsTo('POST /api/staff-alerts/push')).toEqual([]);
  });

  it('says it did not work when the server cannot be reached, and stays off', async () => {
    const api = server();
    api.on('POST /api/staff-alerts/push', 'offline');
    pushBrowser();
    const { user } = renderScreen(<OnCallPanel />);
    const mine = await myChannels();
    await user.click(await within(mine).findByRole('button', { name: ON_CALL_TEXT.pushTurnOn }));
    expect((await within(mine).findByRole('alert')).textContent).toBe(ON_CALL_TEXT.pushFailed);
    expect(within(mine).getByText(ON_CALL_TEXT.pushOff)).toBeTruthy();
  });
});
