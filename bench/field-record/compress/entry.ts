/**
 * The page side of the photo compression benchmark (../compress-chromium.mjs): the web app's own
 * `compressPhoto` (web/src/lib/field-capture.ts: browser-image-compression to a 1,600 px JPEG
 * and a 320 px thumbnail) on a 12-megapixel camera-sized JPEG, against a baseline measured in the
 * same page: one plain canvas resize of the same photo to 1,600 px and a JPEG encode, the least
 * any browser-side compression has to do.
 */
import { compressPhoto } from '../../../web/src/lib/field-capture';

export interface CompressRun {
  /** The app's compression: the kept photo, its thumbnail and its pixel size. */
  appMs: number;
  /** Baseline: decode, one canvas resize to 1,600 px, JPEG encode. */
  baselineMs: number;
}

export interface CompressBench {
  sourceBytes: number;
  sourceWidth: number;
  sourceHeight: number;
  fullBytes: number;
  thumbBytes: number;
  fullWidth: number;
  fullHeight: number;
  runs: CompressRun[];
}

/** A 4000 × 3000 scene with gradients, shapes and grain, encoded as a camera would (q 0.92). */
async function cameraPhoto(): Promise<File> {
  const width = 4000;
  const height = 3000;
  const canvas = new OffscreenCanvas(width, height);
  const ctx = canvas.getContext('2d');
  if (!ctx) throw new Error('no 2d context');
  const sky = ctx.createLinearGradient(0, 0, 0, height);
  sky.addColorStop(0, '#7fb2e5');
  sky.addColorStop(0.45, '#f4d9a8');
  sky.addColorStop(1, '#a0522d');
  ctx.fillStyle = sky;
  ctx.fillRect(0, 0, width, height);
  let seed = 7;
  const random = () => {
    seed = (seed * 16807) % 2147483647;
    return seed / 2147483647;
  };
  for (let i = 0; i < 1500; i += 1) {
    ctx.fillStyle = `hsl(${Math.floor(random() * 360)} ${30 + random() * 40}% ${25 + random() * 50}%)`;
    ctx.beginPath();
    ctx.ellipse(
      random() * width,
      random() * height,
      10 + random() * 160,
      10 + random() * 90,
      random() * Math.PI,
      0,
      Math.PI * 2,
    );
    ctx.fill();
  }
  // Sensor grain, so the encoder sees texture as in a real photo.
  const image = ctx.getImageData(0, 0, width, height);
  for (let i = 0; i < image.data.length; i += 4) {
    const grain = (random() - 0.5) * 24;
    image.data[i] = (image.data[i] ?? 0) + grain;
    image.data[i + 1] = (image.data[i + 1] ?? 0) + grain;
    image.data[i + 2] = (image.data[i + 2] ?? 0) + grain;
  }
  ctx.putImageData(image, 0, 0);
  const blob = await canvas.convertToBlob({ type: 'image/jpeg', quality: 0.92 });
  return new File([blob], 'IMG_0001.jpg', { type: 'image/jpeg', lastModified: Date.now() });
}

async function baseline(file: File): Promise<void> {
  const bitmap = await createImageBitmap(file);
  const scale = 1600 / Math.max(bitmap.width, bitmap.height);
  const canvas = new OffscreenCanvas(
    Math.round(bitmap.width * scale),
    Math.round(bitmap.height * scale),
  );
  canvas.getContext('2d')?.drawImage(bitmap, 0, 0, canvas.width, canvas.height);
  bitmap.close();
  await canvas.convertToBlob({ type: 'image/jpeg', quality: 0.82 });
}

declare global {
  interface Window {
    compressBench: (options: { runs: number; warmup: number }) => Promise<CompressBench>;
  }
}

window.compressBench = async ({ runs, warmup }) => {
  const source = await cameraPhoto();
  const sourceBitmap = await createImageBitmap(source);
  const result: CompressBench = {
    sourceBytes: source.size,
    sourceWidth: sourceBitmap.width,
    sourceHeight: sourceBitmap.height,
    fullBytes: 0,
    thumbBytes: 0,
    fullWidth: 0,
    fullHeight: 0,
    runs: [],
  };
  sourceBitmap.close();
  for (let i = 0; i < warmup + runs; i += 1) {
    // Alternate which goes first, so neither always runs on a warmer cache.
    const order = i % 2 === 0 ? ['app', 'baseline'] : ['baseline', 'app'];
    const run: CompressRun = { appMs: 0, baselineMs: 0 };
    for (const which of order) {
      const start = performance.now();
      if (which === 'app') {
        const photo = await compressPhoto(source);
        run.appMs = performance.now() - start;
        result.fullBytes = photo.full.byteLength;
        result.thumbBytes = photo.thumb.byteLength;
        result.fullWidth = photo.width;
        result.fullHeight = photo.height;
      } else {
        await baseline(source);
        run.baselineMs = performance.now() - start;
      }
    }
    if (i >= warmup) result.runs.push(run);
  }
  return result;
};
