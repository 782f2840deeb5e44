/**
 * Screenshots for a person to look at: SAVE_SCREENSHOTS=1 writes them to the
 * committed e2e/screenshots/, otherwise to the test's output folder, so a run leaves the tree
 * unchanged. The install card is dismissed first and the part shown is scrolled to the top, so
 * the picture shows what it is about.
 */
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test, type Locator, type Page } from '@playwright/test';

const SCREENSHOTS = join(dirname(fileURLToPath(import.meta.url)), '..', 'screenshots');

/** Where a file for a person to look at goes (see the module comment). */
export function shotFile(name: string): string {
  return process.env.SAVE_SCREENSHOTS ? join(SCREENSHOTS, name) : test.info().outputPath(name);
}

/** Dismisses the install card if it shows (it is remembered on the device). */
async function dismissInstallCard(page: Page): Promise<void> {
  const close = page.getByRole('button', { name: 'Dismiss install card' });
  if (await close.isVisible()) await close.click();
}

/**
 * A screenshot at `width` px of the viewport with `part` at its top (under the sticky header),
 * named `<name>-<width>.png`.
 */
export async function shotAt(page: Page, name: string, width: number, part?: Locator) {
  await page.setViewportSize({ width, height: width < 600 ? 844 : 900 });
  await dismissInstallCard(page);
  if (part) {
    await part.evaluate((element) => {
      // Below the sticky header (taller on a desktop, where the menu is a row of links).
      const header = document.querySelector('header')?.getBoundingClientRect().bottom ?? 80;
      const top = element.getBoundingClientRect().top + window.scrollY;
      window.scrollTo({ top: Math.max(0, top - header - 12), behavior: 'instant' });
    });
  }
  await page.screenshot({ path: shotFile(`${name}-${width}.png`), fullPage: false });
}

/**
 * The page as it stands against its committed baseline `<name>.png` (e2e/visual), with `mask`
 * hiding what differs per run; no hover effect from wherever the last click left the pointer.
 */
export async function expectLooksAsBefore(page: Page, name: string, mask: Locator[] = []) {
  await page.mouse.move(0, 0);
  await expect(page).toHaveScreenshot(`${name}.png`, {
    animations: 'disabled',
    caret: 'hide',
    maxDiffPixelRatio: 0.01,
    mask,
    timeout: 20_000,
  });
}
