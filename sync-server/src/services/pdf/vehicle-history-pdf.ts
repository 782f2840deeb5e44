/**
 * A vehicle's check and defect history as an A4 PDF for a mine-site audit, laid out
 * from the shared vehicle history model: the vehicle, then each check (time, driver, odometer,
 * outcome and the failed items), then each defect with how it was resolved.
 */
import { VEHICLE_HISTORY_TEXT, type VehicleHistoryDocument } from '@pilbara/shared-schema';
import { COLOURS, CONTENT_WIDTH, MARGIN } from './writer';
import { drawFooters, drawListSection, drawSection, startDocument } from './document-parts';

const SEVERITY_COLOURS = {
  CRITICAL: COLOURS.accent,
  MAJOR: COLOURS.text,
  MINOR: COLOURS.muted,
} as const;

/** Renders the vehicle history as a PDF. */
export async function renderVehicleHistoryPdf(doc: VehicleHistoryDocument): Promise<Uint8Array> {
  const w = await startDocument(doc, `of ${doc.number}`, []);

  drawSection(w, VEHICLE_HISTORY_TEXT.vehicle);
  for (const line of doc.vehicle) w.paragraph(line, MARGIN, CONTENT_WIDTH, { size: 9.5 });
  w.y -= 8;

  drawListSection(w, VEHICLE_HISTORY_TEXT.checks, doc.checks, VEHICLE_HISTORY_TEXT.noChecks);
  for (const check of doc.checks) {
    w.ensure(16 + check.failures.length * 12);
    w.text(check.time, MARGIN, w.y - 9, { size: 9, bold: true });
    w.text(check.by, MARGIN + 95, w.y - 9, { size: 9 });
    w.text(check.odometer, MARGIN + 250, w.y - 9, { size: 9 });
    w.textRight(check.outcome, MARGIN + CONTENT_WIDTH, w.y - 9, {
      size: 9,
      bold: true,
      colour: check.failures.length > 0 ? COLOURS.accent : COLOURS.paid,
    });
    w.y -= 14;
    for (const failure of check.failures)
      w.paragraph(`- ${failure}`, MARGIN + 95, CONTENT_WIDTH - 95, { size: 8.5 });
    w.y -= 2;
  }
  w.y -= 8;

  drawListSection(w, VEHICLE_HISTORY_TEXT.defects, doc.defects, VEHICLE_HISTORY_TEXT.noDefects);
  for (const defect of doc.defects) {
    w.ensure(50);
    const colour =
      SEVERITY_COLOURS[defect.severity as keyof typeof SEVERITY_COLOURS] ?? COLOURS.text;
    w.text(defect.severity, MARGIN, w.y - 9, { size: 9, bold: true, colour });
    w.text(defect.title, MARGIN + 70, w.y - 9, { size: 9, bold: true });
    w.y -= 13;
    w.paragraph(`Raised ${defect.raised}: ${defect.note}`, MARGIN + 70, CONTENT_WIDTH - 70, {
      size: 8.5,
    });
    w.paragraph(defect.state, MARGIN + 70, CONTENT_WIDTH - 70, {
      size: 8.5,
      colour: COLOURS.muted,
    });
    w.y -= 4;
  }
  drawFooters(w, `${doc.seller.name}: ${doc.title} ${doc.number}`);
  return w.save();
}
