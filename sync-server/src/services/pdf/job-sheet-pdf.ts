/**
 * The job sheet PDF, laid out from the shared job sheet model: the job, its status
 * history, the condition photos by stage in a two-column grid with each photo's stamp under it,
 * and the two signed documents with the signature, the signer's printed name, time and position.
 *
 * It embeds the server's medium copies (800 px) of the photos, never the originals: a JPEG is
 * embedded as it is (pdf-lib reads only its header), so the sheet costs little work on the event
 * loop and stays small enough to mail.
 */
import type { JobSheetDocument, SheetPhoto, SheetSignature } from '@pilbara/shared-schema';
import { JOB_SHEET_TEXT } from '@pilbara/shared-schema';
import type { PDFImage } from 'pdf-lib';
import { COLOURS, CONTENT_WIDTH, MARGIN, type Writer } from './writer';
import {
  drawBand,
  drawFooters,
  drawListSection,
  drawSection,
  drawTwoColumns,
  labelledLines,
  startDocument,
} from './document-parts';

/** The bytes of a stored file to embed: a photo's medium JPEG or a signature's PNG. */
export type ImageLoader = (
  kind: 'photo' | 'signature',
  id: string,
) => Promise<{ bytes: Uint8Array; type: 'jpeg' | 'png' } | undefined>;

const GUTTER = 14;
const PHOTO_WIDTH = (CONTENT_WIDTH - GUTTER) / 2;
const PHOTO_MAX_HEIGHT = 180;
const CAPTION_HEIGHT = 44;

async function embed(
  w: Writer,
  image: { bytes: Uint8Array; type: 'jpeg' | 'png' } | undefined,
): Promise<PDFImage | undefined> {
  if (!image) return undefined;
  try {
    return image.type === 'jpeg'
      ? await w.doc.embedJpg(image.bytes)
      : await w.doc.embedPng(image.bytes);
  } catch {
    return undefined;
  }
}

/** A grey box saying the file has not reached the server yet. */
function placeholder(w: Writer, x: number, top: number, width: number, height: number): void {
  w.page.drawRectangle({ x, y: top - height, width, height, color: COLOURS.band });
  const text = JOB_SHEET_TEXT.notUploaded;
  const style = { size: 9, colour: COLOURS.muted };
  w.text(text, x + (width - w.width(text, style)) / 2, top - height / 2 - 3, style);
}

async function drawPhotoCell(
  w: Writer,
  photo: SheetPhoto,
  image: PDFImage | undefined,
  x: number,
  top: number,
  imageHeight: number,
): Promise<void> {
  if (image) {
    const scale = Math.min(PHOTO_WIDTH / image.width, imageHeight / image.height);
    const width = image.width * scale;
    const height = image.height * scale;
    w.page.drawImage(image, { x: x + (PHOTO_WIDTH - width) / 2, y: top - height, width, height });
  } else {
    placeholder(w, x, top, PHOTO_WIDTH, imageHeight);
  }
  let y = top - imageHeight - 12;
  w.text(photo.caption, x, y, { size: 9, bold: true });
  y -= 12;
  w.text(photo.time, x, y, { size: 8.5 });
  y -= 11;
  for (const line of w.wrap(photo.position ?? '', PHOTO_WIDTH, { size: 8.5 }).slice(0, 2)) {
    w.text(line, x, y, { size: 8.5, colour: COLOURS.muted });
    y -= 11;
  }
}

/** Photos in groups, each group under its band, two to a row with each photo's stamp. */
export async function drawPhotoGroups(
  w: Writer,
  groups: readonly { label: string; photos: readonly SheetPhoto[] }[],
  loadImage: ImageLoader,
): Promise<void> {
  for (const group of groups) {
    w.ensure(PHOTO_MAX_HEIGHT + CAPTION_HEIGHT + 30);
    drawBand(w, group.label);
    w.y -= 24;
    for (let i = 0; i < group.photos.length; i += 2) {
      const row = group.photos.slice(i, i + 2);
      const images = await Promise.all(
        row.map(async (photo) =>
          photo.stored ? embed(w, await loadImage('photo', photo.id)) : undefined,
        ),
      );
      // The row is as tall as its taller photo at the column width, within the cap.
      const imageHeight = Math.min(
        PHOTO_MAX_HEIGHT,
        Math.max(
          100,
          ...images.map((image) => (image ? (image.height * PHOTO_WIDTH) / image.width : 100)),
        ),
      );
      w.ensure(imageHeight + CAPTION_HEIGHT + 10);
      const top = w.y;
      for (const [index, photo] of row.entries()) {
        await drawPhotoCell(
          w,
          photo,
          images[index],
          MARGIN + index * (PHOTO_WIDTH + GUTTER),
          top,
          imageHeight,
        );
      }
      w.y = top - imageHeight - CAPTION_HEIGHT - 12;
    }
  }
}

/** Each signed document: its statement, the signature in a box, the signer, time and position. */
export async function drawSignatures(
  w: Writer,
  signatures: readonly SheetSignature[],
  loadImage: ImageLoader,
): Promise<void> {
  for (const signature of signatures) {
    w.ensure(150);
    w.text(signature.title, MARGIN, w.y - 11, { size: 11, bold: true });
    w.y -= 16;
    w.paragraph(signature.statement, MARGIN, CONTENT_WIDTH, { size: 8.5, colour: COLOURS.muted });
    const boxTop = w.y - 4;
    const boxWidth = 240;
    const boxHeight = 80;
    w.page.drawRectangle({
      x: MARGIN,
      y: boxTop - boxHeight,
      width: boxWidth,
      height: boxHeight,
      borderColor: COLOURS.rule,
      borderWidth: 0.75,
    });
    const right = MARGIN + boxWidth + 16;
    if (signature.signed) {
      const image = signature.signed.stored
        ? await embed(w, await loadImage('signature', signature.signed.id))
        : undefined;
      if (image) {
        const scale = Math.min((boxWidth - 8) / image.width, (boxHeight - 8) / image.height);
        const width = image.width * scale;
        const height = image.height * scale;
        w.page.drawImage(image, {
          x: MARGIN + (boxWidth - width) / 2,
          y: boxTop - boxHeight + (boxHeight - height) / 2,
          width,
          height,
        });
      } else {
        placeholder(w, MARGIN + 1, boxTop - 1, boxWidth - 2, boxHeight - 2);
      }
      w.text(`${JOB_SHEET_TEXT.signedBy}: ${signature.signed.signerName}`, right, boxTop - 14, {
        size: 10,
        bold: true,
      });
      w.text(signature.signed.time, right, boxTop - 30, { size: 9 });
      for (const [index, line] of w
        .wrap(signature.signed.position ?? '', CONTENT_WIDTH - boxWidth - 16, { size: 9 })
        .entries()) {
        w.text(line, right, boxTop - 44 - index * 12, { size: 9, colour: COLOURS.muted });
      }
    } else {
      w.text(JOB_SHEET_TEXT.notSigned, right, boxTop - 14, { size: 10, colour: COLOURS.muted });
    }
    w.y = boxTop - boxHeight - 16;
  }
}

/** Renders the job sheet as an A4 PDF. */
export async function renderJobSheetPdf(
  doc: JobSheetDocument,
  loadImage: ImageLoader,
  printedAt: string,
): Promise<Uint8Array> {
  const w = await startDocument(doc, `of job ${doc.number}`, [`Printed: ${printedAt}`]);
  drawTwoColumns(
    w,
    { heading: 'Customer', lines: labelledLines(doc.customer) },
    { heading: 'Job', lines: labelledLines(doc.job) },
  );

  drawSection(w, JOB_SHEET_TEXT.history);
  for (const line of doc.history) {
    const messageLines = w.wrap(line.message, CONTENT_WIDTH - 210, { size: 9 });
    w.ensure(messageLines.length * 12 + 4);
    w.text(line.time, MARGIN, w.y - 9, { size: 9 });
    w.text(line.status, MARGIN + 95, w.y - 9, { size: 9, bold: true });
    messageLines.forEach((text, index) =>
      w.text(text, MARGIN + 210, w.y - 9 - index * 12, { size: 9 }),
    );
    w.y -= messageLines.length * 12 + 4;
  }
  w.y -= 8;

  // A heading never ends a page: it keeps at least the first row of what it heads.
  w.ensure(doc.photoGroups.length > 0 ? PHOTO_MAX_HEIGHT + CAPTION_HEIGHT + 70 : 60);
  drawListSection(w, JOB_SHEET_TEXT.photos, doc.photoGroups, JOB_SHEET_TEXT.noPhotos);
  await drawPhotoGroups(w, doc.photoGroups, loadImage);
  if (doc.photosStillUploading > 0) {
    w.paragraph(JOB_SHEET_TEXT.stillUploading(doc.photosStillUploading), MARGIN, CONTENT_WIDTH, {
      size: 9,
      colour: COLOURS.muted,
    });
  }
  w.y -= 8;

  w.ensure(190);
  drawSection(w, JOB_SHEET_TEXT.signatures);
  await drawSignatures(w, doc.signatures, loadImage);

  drawFooters(w, `${doc.title} ${doc.number} · ${doc.seller.name}`);
  return w.save();
}
