/**
 * The field record's pieces a journey needs (issues 19, 27): camera-sized photos drawn in the
 * page, a finger's signature on the pad, and a check that images really loaded.
 */
import { expect, type Locator, type Page } from '@playwright/test';

/**
 * A camera-sized JPEG (2400 × 1800) drawn in the page: a coloured scene with a label, so each
 * photo is different and the compression has something real to do.
 */
export async function cameraJpeg(page: Page, colour: string, label: string): Promise<Buffer> {
  const base64 = await page.evaluate(
    async ({ colour, label }) => {
      const canvas = document.createElement('canvas');
      canvas.width = 2400;
      canvas.height = 1800;
      const ctx = canvas.getContext('2d');
      if (!ctx) throw new Error('no canvas');
      const gradient = ctx.createLinearGradient(0, 0, 2400, 1800);
      gradient.addColorStop(0, colour);
      gradient.addColorStop(1, '#f2e8d5');
      ctx.fillStyle = gradient;
      ctx.fillRect(0, 0, 2400, 1800);
      for (let i = 0; i < 400; i += 1) {
        ctx.fillStyle = `hsl(${(i * 37) % 360} 50% ${30 + (i % 40)}%)`;
        ctx.fillRect((i * 97) % 2400, (i * 53) % 1800, 40 + (i % 60), 30 + (i % 45));
      }
      ctx.fillStyle = '#111';
      ctx.font = 'bold 160px sans-serif';
      ctx.fillText(label, 120, 900);
      const blob = await new Promise<Blob | null>((resolve) =>
        canvas.toBlob(resolve, 'image/jpeg', 0.92),
      );
      if (!blob) throw new Error('no JPEG');
      const bytes = new Uint8Array(await blob.arrayBuffer());
      let binary = '';
      for (const byte of bytes) binary += String.fromCharCode(byte);
      return btoa(binary);
    },
    { colour, label },
  );
  return Buffer.from(base64, 'base64');
}

/** Every <img> in `scope` has loaded real pixels (not a broken or missing image). */
export async function expectImagesLoaded(scope: Locator, count: number): Promise<void> {
  const images = scope.locator('img');
  await expect(images).toHaveCount(count);
  await expect
    .poll(
      async () =>
        images.evaluateAll((list) =>
          list.every(
            (img) =>
              (img as HTMLImageElement).complete && (img as HTMLImageElement).naturalWidth > 0,
          ),
        ),
      { timeout: 15_000 },
    )
    .toBe(true);
}

/** Signs in the pad with a zig-zag stroke, as a finger would. */
export async function drawSignature(page: Page): Promise<void> {
  const pad = page.getByTestId('signature-pad');
  const box = await pad.boundingBox();
  if (!box) throw new Error('no signature pad');
  await page.mouse.move(box.x + 20, box.y + box.height * 0.6);
  await page.mouse.down();
  for (let i = 1; i <= 12; i += 1) {
    await page.mouse.move(
      box.x + 20 + i * ((box.width - 40) / 12),
      box.y + box.height * (i % 2 === 0 ? 0.6 : 0.3),
      { steps: 4 },
    );
  }
  await page.mouse.up();
}
