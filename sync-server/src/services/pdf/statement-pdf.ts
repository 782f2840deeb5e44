/**
 * An account's monthly statement as an A4 PDF, laid out from the shared statement model
 * (shared-schema documents/statement.ts): the seller, the account billed with its ABN and terms,
 * the month's opening balance, each invoice, payment and credit note with its PO and the running
 * balance, the closing balance, and the ageing of what is owed.
 */
import type { StatementDocument } from '@pilbara/shared-schema';
import { COLOURS, CONTENT_WIDTH, MARGIN, type Writer } from './writer';
import {
  drawFooters,
  drawSection,
  drawTwoColumns,
  partyLines,
  startDocument,
} from './document-parts';

/** Where each column of the lines table starts (left) or ends (right). */
const COLUMN = {
  date: MARGIN,
  reference: MARGIN + 66,
  description: MARGIN + 132,
  descriptionWidth: 160,
  po: MARGIN + 298,
  amountRight: MARGIN + CONTENT_WIDTH - 72,
  balanceRight: MARGIN + CONTENT_WIDTH,
};

/** The lines table's column headings (repeated on every page the table runs onto). */
function drawHeadings(w: Writer): void {
  const style = { size: 8, bold: true, colour: COLOURS.muted };
  w.text('DATE', COLUMN.date, w.y - 9, style);
  w.text('REFERENCE', COLUMN.reference, w.y - 9, style);
  w.text('DETAILS', COLUMN.description, w.y - 9, style);
  w.text('PO', COLUMN.po, w.y - 9, style);
  w.textRight('AMOUNT', COLUMN.amountRight, w.y - 9, style);
  w.textRight('BALANCE', COLUMN.balanceRight, w.y - 9, style);
  w.y -= 14;
  w.rule(w.y);
  w.y -= 4;
}

/** Renders a statement as a PDF. */
export async function renderStatementPdf(doc: StatementDocument): Promise<Uint8Array> {
  const w = await startDocument(doc, `for ${doc.buyer.name}`, [
    `Issued ${doc.issueDate}`,
    doc.period,
  ]);
  drawTwoColumns(
    w,
    { heading: 'Account', lines: partyLines(doc.buyer) },
    {
      heading: 'Terms',
      lines: [
        [doc.account, { bold: true }],
        [`Payment terms: ${doc.terms}`, {}],
      ],
    },
  );

  drawSection(w, 'Activity this month');
  drawHeadings(w);
  w.text('Opening balance', COLUMN.description, w.y - 10, { size: 9, bold: true });
  w.textRight(doc.opening, COLUMN.balanceRight, w.y - 10, { size: 9, bold: true });
  w.y -= 16;
  w.continueWith(() => drawHeadings(w));
  for (const line of doc.lines) {
    const wrapped = w.wrap(line.description, COLUMN.descriptionWidth, { size: 9 });
    const height = wrapped.length * 12 + 4;
    w.ensure(height);
    const first = w.y - 10;
    w.text(line.date, COLUMN.date, first, { size: 9 });
    w.text(line.reference, COLUMN.reference, first, { size: 9 });
    wrapped.forEach((text, index) =>
      w.text(text, COLUMN.description, first - index * 12, { size: 9 }),
    );
    w.text(line.poNumber, COLUMN.po, first, { size: 9 });
    w.textRight(line.amount, COLUMN.amountRight, first, { size: 9 });
    w.textRight(line.balance, COLUMN.balanceRight, first, { size: 9 });
    w.y -= height;
    w.rule(w.y + 2);
  }
  w.continueWith(null);
  if (doc.emptyNote) {
    w.paragraph(doc.emptyNote, COLUMN.description, CONTENT_WIDTH - 150, {
      size: 9,
      colour: COLOURS.muted,
    });
  }
  w.ensure(30);
  w.y -= 6;
  w.text('Closing balance', COLUMN.description, w.y - 12, { size: 11, bold: true });
  w.textRight(doc.closing, COLUMN.balanceRight, w.y - 12, {
    size: 11,
    bold: true,
    colour: doc.closingCents > 0 ? COLOURS.accent : COLOURS.paid,
  });
  w.y -= 28;

  drawSection(w, 'Ageing of the balance');
  const width = CONTENT_WIDTH / doc.ageing.length;
  w.ensure(36);
  doc.ageing.forEach((bucket, index) => {
    const right = MARGIN + width * (index + 1) - 8;
    w.textRight(bucket.label, right, w.y - 10, { size: 8, bold: true, colour: COLOURS.muted });
    w.textRight(bucket.amount, right, w.y - 26, {
      size: 11,
      bold: true,
      colour: bucket.cents > 0 && index > 0 ? COLOURS.accent : COLOURS.text,
    });
  });
  w.y -= 40;
  drawFooters(w, doc.footer);
  return w.save();
}
