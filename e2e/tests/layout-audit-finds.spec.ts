/**
 * The layout audit can fail: on a page drawn with each fault it looks for (a control under
 * another element, a tap target under 44 px, text cut by its box, a device key where a number
 * belongs) it reports each one, and on the same page without the faults it reports nothing.
 */
import { expect, test } from '@playwright/test';
import { deviceKeysIn, mailText } from '../page-models/device-keys';
import { auditLayout } from '../page-models/layout-audit';

const FAULTY = `
<main style="font: 16px sans-serif; padding: 16px">
  <h1>Job JOB-2026-P7</h1>
  <button id="under" style="width: 120px; height: 48px">Call office</button>
  <div style="position: fixed; left: 0; top: 70px; width: 200px; height: 80px; background: #c33">Banner</div>
  <p style="margin-top: 120px"><button style="width: 30px; height: 30px">x</button></p>
  <div style="width: 80px; overflow: hidden; white-space: nowrap">0417 382 999 and more</div>
</main>`;

const CLEAN = `
<main style="font: 16px sans-serif; padding: 16px">
  <h1>Job JOB-2026-7</h1>
  <button style="width: 120px; height: 48px">Call office</button>
  <p><button style="width: 48px; height: 48px">x</button></p>
  <div style="width: 300px">0417 382 999</div>
</main>`;

test('the layout audit reports each fault it looks for, and nothing on a clean page', async ({
  page,
}) => {
  await page.setViewportSize({ width: 360, height: 740 });
  await page.setContent(FAULTY);
  const found = await auditLayout(page);
  expect(found).toEqual(
    expect.arrayContaining([
      'device key: JOB-2026-P7 is shown',
      expect.stringMatching(/^covered: .*Call office/),
      expect.stringMatching(/^small: .* is 30×30 px$/),
      expect.stringMatching(/^clipped: div "0417 382 999 and more" is cut by/),
    ]),
  );

  await page.setContent(CLEAN);
  expect(await auditLayout(page)).toEqual([]);
});

test('device keys are found in an email as sent, soft line breaks and all', () => {
  const raw = 'Your quote Q-2026-P=\r\n12 is ready; invoice INV-2026-4 is paid. =E2=80=94 Pilbara';
  expect(deviceKeysIn(mailText(raw))).toEqual(['Q-2026-P12']);
  expect(deviceKeysIn('Quote Q-2026-12, job JOB-2026-3, booking BKG-2026-1')).toEqual([]);
});
