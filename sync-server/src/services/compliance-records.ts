/**
 * The regulated records of a date range (reg 13) read from the database, and the files made of
 * them: the CSV and PDF exports, the complaints register, and the authorised officer's request
 * pack (reg 17) — the records with every Authority to Tow of the job or the period — from one
 * button.
 */
import {
  COMPLAINTS_CSV_COLUMNS,
  RECORDS_CSV_COLUMNS,
  complaintsCsvRows,
  complianceRecordLines,
  formatPerth,
  formatStampTime,
  perthDate,
  recordsCsvRows,
  type BusinessProfile,
  type RecordLine,
  type RecordSources,
} from '@pilbara/shared-schema';
import { stringify } from 'csv-stringify/sync';
import type { Db } from '../db/connection';
import { allComplaints, recordSources } from '../db/repositories/compliance';
import { buildAuthorityToTow } from './authority-to-tow';
import type { JobSheetDeps } from './job-sheet';
import type { PdfRenderer } from './pdf/pool';

/** A CSV file with a byte-order mark (Excel reads UTF-8 only with one) and CRLF line ends. */
function toCsv<C extends string>(
  columns: readonly C[],
  rows: readonly Record<C, string>[],
): string {
  // The rows come neutralised against spreadsheet formulas (documents/compliance-records.ts).
  return stringify([...rows], {
    header: true,
    columns: [...columns],
    bom: true,
    record_delimiter: 'windows',
  });
}

/** The records of `from`..`to` (Perth dates) as CSV text. */
export function recordsCsv(db: Db, range: { from: string; to: string }): string {
  return toCsv(
    RECORDS_CSV_COLUMNS,
    recordsCsvRows(complianceRecordLines(recordSources(db), range)),
  );
}

/** The complaints register as CSV text. */
export function complaintsCsv(db: Db): string {
  return toCsv(COMPLAINTS_CSV_COLUMNS, complaintsCsvRows(allComplaints(db)));
}

const day = (date: string) => formatPerth(`${date}T12:00:00+08:00`, 'DD/MM/YYYY');

function covering(range: { from: string; to: string }): string {
  return range.from === range.to ? day(range.from) : `${day(range.from)} to ${day(range.to)}`;
}

/** The records of a range as a PDF. */
export async function recordsPdf(
  deps: { db: Db; pdf: PdfRenderer; profile: BusinessProfile; now: () => Date },
  range: { from: string; to: string },
): Promise<Uint8Array> {
  return deps.pdf.render({
    kind: 'records',
    input: {
      title: 'Towing records',
      covering: covering(range),
      profile: deps.profile,
      lines: complianceRecordLines(recordSources(deps.db), range),
      cover: [],
      printedAt: formatStampTime(deps.now().toISOString()),
    },
  });
}

/** What the officer's pack covers: one job, or a Perth date range. */
export type PackScope = { jobId: string } | { from: string; to: string };

/**
 * The authorised officer's request pack: a cover saying what it holds, the records of the job or
 * the period, then each crash tow's Authority to Tow in full (photos and signatures included).
 */
export async function officerPack(
  deps: JobSheetDeps,
  scope: PackScope,
): Promise<{ pdf: Uint8Array; fileName: string } | undefined> {
  const sources = recordSources(deps.db);
  let lines: RecordLine[];
  let jobIds: string[];
  let label: string;
  if ('jobId' in scope) {
    const tow = sources.crashTows.find((candidate) => candidate.jobId === scope.jobId);
    const stays = sources.yardVehicles.filter((vehicle) => vehicle.jobId === scope.jobId);
    if (!tow && stays.length === 0) return undefined;
    const stayIds = new Set(stays.map((vehicle) => vehicle.id));
    const jobSources: RecordSources = {
      ...sources,
      crashTows: tow ? [tow] : [],
      yardVehicles: stays,
      yardEvents: sources.yardEvents.filter((event) => stayIds.has(event.yardVehicleId)),
      complaints: [],
      occurrences: sources.occurrences.filter((occurrence) => occurrence.jobId === scope.jobId),
    };
    lines = complianceRecordLines(jobSources, { from: '0000-01-01', to: '9999-12-31' });
    jobIds = tow ? [tow.jobId] : [];
    const job = sources.jobs.find((candidate) => candidate.id === scope.jobId);
    label = `Job ${job?.number ?? scope.jobId}`;
  } else {
    lines = complianceRecordLines(sources, scope);
    // Every crash tow with a step in the period: marked, signed or loaded then.
    const inRange = (iso: string | null) => {
      const date = iso ? perthDate(iso) : null;
      return date !== null && date >= scope.from && date <= scope.to;
    };
    jobIds = sources.crashTows
      .filter(
        (tow) =>
          inRange(tow.createdAt) ||
          inRange(tow.loadedAt) ||
          sources.signatures.some((s) => s.jobId === tow.jobId && inRange(s.signedAt)),
      )
      .map((tow) => tow.jobId);
    label = covering(scope);
  }
  const printedAt = formatStampTime(deps.now().toISOString());
  const cover = [
    `Records produced at the request of an authorised officer (Towing Services Act 2024; Towing Services Regulations 2025, reg 17), printed ${printedAt}.`,
    `This pack holds the records listed below for ${label} and, after them, ${jobIds.length} Authority to Tow record${jobIds.length === 1 ? '' : 's'} in full with photographs and signatures.`,
    `Business: ${deps.profile.tradingName}.`,
  ];
  const parts = [
    await deps.pdf.render({
      kind: 'records',
      input: {
        title: 'Records for an authorised officer',
        covering: label,
        profile: deps.profile,
        lines,
        cover,
        printedAt,
      },
    }),
  ];
  for (const jobId of jobIds) {
    const att = await buildAuthorityToTow(deps, jobId);
    if (att) parts.push(att.pdf);
  }
  const pdf = parts.length === 1 ? parts[0]! : await deps.pdf.render({ kind: 'merge', parts });
  const slug = label.replace(/[^A-Za-z0-9-]+/g, '-').replace(/^-|-$/g, '');
  return { pdf, fileName: `Officer-pack-${slug}.pdf` };
}
