/**
 * The Authority to Tow PDF kept with a crash tow job and sent to the parties: the approved form's
 * fields, the property list, the guided photos with their time and position, and both
 * signatures, laid out from the shared document model (documents/authority-to-tow.ts) with the
 * job sheet's photo grid and signature boxes.
 */
import { ATT_TEXT, type AuthorityToTowDocument } from '@pilbara/shared-schema';
import { COLOURS, CONTENT_WIDTH, MARGIN } from './writer';
import {
  drawFooters,
  drawListSection,
  drawSection,
  drawTwoColumns,
  labelledLines,
  startDocument,
} from './document-parts';
import { drawPhotoGroups, drawSignatures, type ImageLoader } from './job-sheet-pdf';

/** Renders the Authority to Tow as an A4 PDF. */
export async function renderAuthorityToTowPdf(
  doc: AuthorityToTowDocument,
  loadImage: ImageLoader,
  printedAt: string,
): Promise<Uint8Array> {
  const w = await startDocument(doc, `for job ${doc.number}`, [`Printed: ${printedAt}`]);
  w.paragraph(doc.notice, MARGIN, CONTENT_WIDTH, { size: 9, colour: COLOURS.muted });
  w.y -= 8;
  drawTwoColumns(
    w,
    { heading: ATT_TEXT.authority, lines: labelledLines(doc.authority) },
    { heading: ATT_TEXT.tow, lines: labelledLines(doc.tow) },
  );
  drawSection(w, ATT_TEXT.property);
  for (const item of doc.property)
    w.paragraph(`• ${item}`, MARGIN + 4, CONTENT_WIDTH - 4, { size: 9 });
  w.y -= 8;
  w.ensure(220);
  drawSection(w, ATT_TEXT.signatures);
  await drawSignatures(w, doc.signatures, loadImage);
  w.ensure(260);
  drawListSection(w, ATT_TEXT.photos, doc.photoGroups, 'No photographs were recorded.');
  await drawPhotoGroups(w, doc.photoGroups, loadImage);
  drawFooters(w, `${doc.title} ${doc.number} · ${doc.seller.name}`);
  return w.save();
}
