/**
 * Reads a PDF's text back (pdfjs), page by page, pieces joined by single spaces. Every PDF a
 * journey reads is also searched for device keys: a document prints numbers only.
 */
import { readFile } from 'node:fs/promises';
import { expect } from '@playwright/test';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { deviceKeysIn } from './device-keys';

export async function pdfText(file: string): Promise<string> {
  const doc = await getDocument({
    data: new Uint8Array(await readFile(file)),
    isEvalSupported: false,
    disableFontFace: true,
    useSystemFonts: false,
    verbosity: 0,
  }).promise;
  const pages: string[] = [];
  for (let n = 1; n <= doc.numPages; n += 1) {
    const content = await (await doc.getPage(n)).getTextContent();
    pages.push(content.items.map((item) => ('str' in item ? item.str : '')).join(' '));
  }
  await doc.destroy();
  const text = pages.join(' ').replace(/\s+/g, ' ').trim();
  expect(deviceKeysIn(text), `device keys printed in ${file}`).toEqual([]);
  return text;
}
