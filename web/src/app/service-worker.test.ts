import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { INSTALL_RETRY_DELAYS_MS, installUntilActive } from './service-worker';

/**
 * A browser's service worker container as the spec has it for a first install: register() starts
 * an install that takes `installMs`; when it fails (a precached file did not arrive) the worker is
 * dropped and, with no other worker, the registration is removed with it.
 */
interface Slots {
  installing: object | null;
  waiting: object | null;
  active: object | null;
}

class FirstInstall {
  registrations = 0;
  private registration: Slots | null = null;

  constructor(
    private failures: number,
    private readonly installMs = 1_000,
  ) {}

  readonly container = {
    register: () => {
      this.registrations += 1;
      if (this.registration?.installing || this.registration?.active)
        return Promise.resolve(this.registration);
      const registration: Slots = { installing: {}, waiting: null, active: null };
      this.registration = registration;
      setTimeout(() => {
        registration.installing = null;
        if (this.failures > 0) {
          this.failures -= 1;
          this.registration = null;
        } else registration.active = {};
      }, this.installMs);
      return Promise.resolve(registration);
    },
    getRegistration: () => Promise.resolve(this.registration ?? undefined),
  } as unknown as ServiceWorkerContainer;

  get active(): boolean {
    return Boolean(this.registration?.active);
  }
}

describe('installUntilActive', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.spyOn(console, 'warn').mockImplementation(() => {});
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.restoreAllMocks();
  });

  it('registers once when the first install succeeds', async () => {
    const browser = new FirstInstall(0);
    const stop = installUntilActive(browser.container);
    await vi.advanceTimersByTimeAsync(10 * 60_000);
    expect(browser.active).toBe(true);
    expect(browser.registrations).toBe(1);
    stop();
  });

  it('installs again after failed installs, sooner first and then rarely', async () => {
    const browser = new FirstInstall(3);
    const stop = installUntilActive(browser.container);
    await vi.advanceTimersByTimeAsync(INSTALL_RETRY_DELAYS_MS[0]);
    expect(browser.registrations).toBe(2);
    await vi.advanceTimersByTimeAsync(INSTALL_RETRY_DELAYS_MS[1]);
    expect(browser.registrations).toBe(3);
    expect(browser.active).toBe(false);
    // The third retry waits the longer delay.
    await vi.advanceTimersByTimeAsync(INSTALL_RETRY_DELAYS_MS[2] - 1_000);
    expect(browser.registrations).toBe(3);
    await vi.advanceTimersByTimeAsync(2_000);
    expect(browser.registrations).toBe(4);
    await vi.advanceTimersByTimeAsync(10 * 60_000);
    expect(browser.active).toBe(true);
    expect(browser.registrations).toBe(4);
    stop();
  });

  it('does not start a second install while one is still downloading', async () => {
    const browser = new FirstInstall(0, 40_000);
    const stop = installUntilActive(browser.container);
    await vi.advanceTimersByTimeAsync(39_000);
    expect(browser.registrations).toBe(1);
    await vi.advanceTimersByTimeAsync(10 * 60_000);
    expect(browser.active).toBe(true);
    expect(browser.registrations).toBe(1);
    stop();
  });

  it('asks again at once when the browser is back online', async () => {
    const browser = new FirstInstall(2);
    const stop = installUntilActive(browser.container);
    await vi.advanceTimersByTimeAsync(INSTALL_RETRY_DELAYS_MS[0] + 2_000);
    expect(browser.registrations).toBe(2);
    window.dispatchEvent(new Event('online'));
    await vi.advanceTimersByTimeAsync(0);
    expect(browser.registrations).toBe(3);
    await vi.advanceTimersByTimeAsync(2_000);
    expect(browser.active).toBe(true);
    stop();
  });

  it('stops asking once stopped', async () => {
    const browser = new FirstInstall(10);
    const stop = installUntilActive(browser.container);
    await vi.advanceTimersByTimeAsync(2_000);
    stop();
    await vi.advanceTimersByTimeAsync(60 * 60_000);
    window.dispatchEvent(new Event('online'));
    await vi.advanceTimersByTimeAsync(0);
    expect(browser.registrations).toBe(1);
  });
});
