/**
 * The backup status on the admin panel. Fresh: an admin starts a backup with "Back up
 * now" and the card says the last good backup and the last off-machine copy were made just now.
 * Stale: the same server's copies are two days old (their recorded time moved back, the server
 * restarted) and the card warns about both. Each state is photographed at 390 px and 1280 px
 * (test output) to be looked at.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from '@playwright/test';
import { BACKUP_TEXT } from '@pilbara/shared-schema';
import { expect, startServer, test } from '../fixtures/server';
import { openAdminPanel, openFigures } from '../page-models/admin';

/** A browser whose visitor already closed the install card (it sits in the phone's dock). */
async function newDevice(browser: Browser, baseURL: string): Promise<BrowserContext> {
  const context = await browser.newContext({ baseURL });
  await context.addInitScript(() => localStorage.setItem('installCardDismissed', '1'));
  return context;
}

async function look(page: Page, name: string): Promise<void> {
  const card = page.getByTestId('backup-status');
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 800 });
    // On a phone the panel's figures, this card among them, fold behind one button.
    if (width === 390) await openFigures(page);
    await card.scrollIntoViewIfNeeded();
    await page.screenshot({ path: test.info().outputPath(`${name}-${width}.png`) });
  }
}

test('backup status: started by hand and fresh, then two days old and warned about', async ({
  browser,
}) => {
  test.setTimeout(240_000);
  const root = mkdtempSync(join(tmpdir(), 'pilbara-e2e-backups-'));
  const dataDir = join(root, 'data');
  const env = {
    BACKUP_DIR: join(root, 'backups'),
    BACKUP_OFFSITE_DIR: join(root, 'usb-drive'),
    BACKUP_KEY: crypto.randomBytes(32).toString('base64'),
    BACKUP_EVERY_MINUTES: '0',
  };
  let running = await startServer(env, dataDir);
  try {
    let context = await newDevice(browser, running.server.baseURL);
    let admin = await openAdminPanel(context);
    const card = admin.page.getByTestId('backup-status');
    await expect(card).toContainText(BACKUP_TEXT.lastGood('never'));
    await expect(card).toContainText(BACKUP_TEXT.staleBackup);

    await card.getByRole('button', { name: BACKUP_TEXT.start }).click();
    await expect(card).toContainText(BACKUP_TEXT.lastGood('just now'), { timeout: 60_000 });
    await expect(card).toContainText(BACKUP_TEXT.lastOffsite('just now'));
    await expect(card).not.toContainText(BACKUP_TEXT.staleBackup);
    await expect(card.getByText('OK', { exact: true })).toBeVisible();
    await look(admin.page, 'backup-fresh');
    await context.close();

    // Two days pass with no backup: the set's recorded time moves back, the server restarts.
    await running.stop();
    const sets = join(env.BACKUP_DIR, 'sets');
    for (const id of fs.readdirSync(sets)) {
      const file = join(sets, id, 'manifest.json');
      const manifest = JSON.parse(fs.readFileSync(file, 'utf8')) as { takenAt: string };
      manifest.takenAt = new Date(Date.now() - 2 * 86_400_000 - 3_600_000).toISOString();
      fs.writeFileSync(file, JSON.stringify(manifest));
    }
    running = await startServer(env, dataDir);
    context = await newDevice(browser, running.server.baseURL);
    admin = await openAdminPanel(context);
    const stale = admin.page.getByTestId('backup-status');
    await expect(stale).toContainText(BACKUP_TEXT.lastGood('2 days ago'));
    await expect(stale).toContainText(BACKUP_TEXT.lastOffsite('2 days ago'));
    await expect(stale).toContainText(BACKUP_TEXT.staleBackup);
    await expect(stale).toContainText(BACKUP_TEXT.staleOffsite);
    await look(admin.page, 'backup-stale');
    await context.close();
  } finally {
    await running.stop();
    rmSync(root, { recursive: true, force: true });
  }
});
