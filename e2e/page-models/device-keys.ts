/**
 * Device keys (`Q-2026-P263`) are how devices link rows made offline; people read document
 * numbers (`Q-2026-13`) or the provisional wording, never a key. A key on a screen, in a PDF or
 * in an email reads as a second document, so every page the layout audit walks, every PDF a
 * journey reads and every email a journey causes is searched for one.
 */
import { PROVISIONAL_MARK, SERIES_PREFIXES } from '@pilbara/shared-schema';

const DEVICE_KEY = new RegExp(
  `\\b(?:${Object.values(SERIES_PREFIXES).join('|')})-\\d{4}-${PROVISIONAL_MARK}\\d+\\b`,
  'g',
);

/** Every device key in `text`, as written. */
export function deviceKeysIn(text: string): string[] {
  return [...text.matchAll(DEVICE_KEY)].map((match) => match[0]);
}

/** An email's text as a reader sees it: quoted-printable soft breaks and escapes undone. */
export function mailText(raw: string): string {
  return raw
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}
