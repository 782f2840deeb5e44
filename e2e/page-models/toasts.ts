/**
 * Toasts as the page itself saw them. A toast shows for five seconds (TOAST_DURATIONS), and on a
 * busy machine a test can be starved for longer than that between two looks at the page: in a CI
 * run "Vehicle removed successfully" came and went unseen although the vehicle was removed. The
 * page keeps every toast text it drew, so a test asserts what the person was shown, however late
 * it looks.
 */
import { expect, type Page } from '@playwright/test';

interface ToastLog {
  __toastsSeen?: string[];
}

/** From now on the page keeps the text of every toast it draws (call before the action). */
export async function watchToasts(page: Page): Promise<void> {
  await page.evaluate(() => {
    const log = window as unknown as ToastLog;
    const seen: string[] = [];
    log.__toastsSeen = seen;
    const look = () => {
      for (const toast of document.querySelectorAll('.mantine-Notification-root')) {
        const text = toast.textContent ?? '';
        if (!seen.includes(text)) seen.push(text);
      }
    };
    new MutationObserver(look).observe(document.body, { childList: true, subtree: true });
    look();
  });
}

/** Waits until the page has drawn a toast containing `text` since `watchToasts`. */
export async function expectToastShown(page: Page, text: string, timeout = 20_000): Promise<void> {
  await expect
    .poll(() => page.evaluate(() => (window as unknown as ToastLog).__toastsSeen ?? []), {
      timeout,
      message: `a toast saying "${text}"`,
    })
    .toContainEqual(expect.stringContaining(text));
}
