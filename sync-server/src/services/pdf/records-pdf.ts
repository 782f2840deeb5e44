/**
 * The regulated records of a date range as a PDF (reg 13; for an authorised officer, reg 17):
 * one line per step in time order — when, what, to which job or vehicle, who, the details, the
 * regulation and how long it is kept — from the same list as the CSV
 * (documents/compliance-records.ts). A cover page can be put in front (the officer's pack).
 */
import { PDFDocument } from 'pdf-lib';
import type { BusinessProfile, RecordLine } from '@pilbara/shared-schema';
import { formatPerth, sellerBlock } from '@pilbara/shared-schema';
import { COLOURS, CONTENT_WIDTH, MARGIN, type Writer } from './writer';
import { drawFooters, drawSection, startDocument } from './document-parts';

/** What the records PDF prints above its lines. */
export interface RecordsPdfInput {
  title: string;
  /** `24/11/2026`, `24/11/2026 to 30/11/2026`, or the job the pack is for. */
  covering: string;
  profile: BusinessProfile;
  lines: readonly RecordLine[];
  /** Paragraphs printed first (the pack's cover: who asked, what is enclosed). */
  cover: readonly string[];
  printedAt: string;
}

const COL = {
  when: MARGIN,
  step: MARGIN + 66,
  subject: MARGIN + 176,
  details: MARGIN + 286,
};
const DETAIL_WIDTH = CONTENT_WIDTH - (COL.details - MARGIN);

function drawHeaderRow(w: Writer): void {
  const style = { size: 7.5, bold: true, colour: COLOURS.muted };
  w.text('WHEN', COL.when, w.y - 9, style);
  w.text('STEP', COL.step, w.y - 9, style);
  w.text('JOB / VEHICLE / WHO', COL.subject, w.y - 9, style);
  w.text('DETAILS · LAW · KEEP UNTIL', COL.details, w.y - 9, style);
  w.y -= 14;
  w.rule(w.y);
  w.y -= 4;
}

/** Renders the records (and any cover) as an A4 PDF. */
export async function renderRecordsPdf(input: RecordsPdfInput): Promise<Uint8Array> {
  const seller = sellerBlock(input.profile);
  const w = await startDocument(
    { title: input.title, number: input.covering, seller },
    input.covering,
    [`Printed: ${input.printedAt}`],
  );
  for (const paragraph of input.cover) {
    w.paragraph(paragraph, MARGIN, CONTENT_WIDTH, { size: 10 });
    w.y -= 6;
  }
  drawSection(
    w,
    `Records: ${input.lines.length} ${input.lines.length === 1 ? 'entry' : 'entries'}`,
  );
  if (input.lines.length === 0) {
    w.paragraph('Nothing was recorded in this period.', MARGIN, CONTENT_WIDTH, {
      size: 9,
      colour: COLOURS.muted,
    });
  } else {
    drawHeaderRow(w);
    w.continueWith(() => drawHeaderRow(w));
  }
  for (const line of input.lines) {
    const size = 8;
    const subject = [line.subject, line.vehicle, line.who].filter(Boolean);
    const subjectLines = subject.flatMap((text) =>
      w.wrap(text, COL.details - COL.subject - 8, { size }),
    );
    const stepLines = w.wrap(line.step, COL.subject - COL.step - 8, { size, bold: true });
    const detailLines = [
      ...w.wrap(line.details || '-', DETAIL_WIDTH, { size }),
      ...w.wrap(`${line.law} · keep until ${line.keepUntil}`, DETAIL_WIDTH, { size }),
    ];
    const rows = Math.max(2, subjectLines.length, stepLines.length, detailLines.length);
    w.ensure(rows * (size + 3) + 8);
    const top = w.y;
    w.text(formatPerth(line.at, 'DD/MM/YYYY'), COL.when, top - size, { size });
    w.text(formatPerth(line.at, 'HH:mm'), COL.when, top - 2 * (size + 3) + 3, { size });
    stepLines.forEach((text, i) =>
      w.text(text, COL.step, top - size - i * (size + 3), { size, bold: true }),
    );
    subjectLines.forEach((text, i) =>
      w.text(text, COL.subject, top - size - i * (size + 3), { size }),
    );
    detailLines.forEach((text, i) =>
      w.text(text, COL.details, top - size - i * (size + 3), {
        size,
        colour: i >= detailLines.length - 1 ? COLOURS.muted : COLOURS.text,
      }),
    );
    w.y = top - rows * (size + 3) - 4;
    w.rule(w.y, COLOURS.band);
    w.y -= 4;
  }
  w.continueWith(null);
  drawFooters(w, `${input.title} · ${input.covering} · ${seller.name}`);
  return w.save();
}

/** One PDF of several, page after page (the officer's pack: the records, then each Authority to Tow). */
export async function mergePdfs(parts: readonly Uint8Array[]): Promise<Uint8Array> {
  const merged = await PDFDocument.create();
  for (const part of parts) {
    const source = await PDFDocument.load(part);
    const pages = await merged.copyPages(source, source.getPageIndices());
    for (const page of pages) merged.addPage(page);
  }
  return merged.save();
}
