/**
 * The regulated records as one list of what happened (reg 13; regs 11, 12, 14-16): each crash
 * tow's authority and loading, each vehicle's stay in the yard with every movement, visit,
 * payment and release, each complaint's stages and each notifiable occurrence, in time order.
 * The records export (CSV and PDF) and the authorised officer's request pack print this list, so
 * the two can never disagree; each line says which regulation it answers and how long it is kept.
 */
import type { RegulatedRecordKind } from '../constants/wa-towing';
import type { Job } from '../entities/job';
import type {
  Complaint,
  CrashTow,
  Occurrence,
  YardEvent,
  YardVehicle,
} from '../entities/wa-towing';
import { formatPerth, perthDate } from '../rules/dates';
import { documentRef } from '../rules/document-number';
import { retainUntil } from '../rules/record-retention';
import { complaintDueDates } from '../rules/complaints';
import { occurrenceReportDueAt } from '../rules/occurrences';
import {
  ATT_AUTHORISER_LABELS,
  COLLECTOR_AUTHORITY_LABELS,
  COMPLAINT_CHANNEL_LABELS,
  ID_DOCUMENT_LABELS,
  OCCURRENCE_KIND_LABELS,
} from '../wa-towing-messages';
import { neutraliseCsvRow } from './csv-safety';

/** One line of the records: something that happened, when, to what, by whom. */
export interface RecordLine {
  /** ISO instant it happened. */
  at: string;
  /** What kind of step: `Authority to Tow signed`, `Moved`, `Complaint acknowledged`. */
  step: string;
  /** The job number, the yard vehicle or the complaint the step belongs to. */
  subject: string;
  /** The vehicle's registration, when known. */
  vehicle: string;
  /** Who did it (or gave the authority, or collected). */
  who: string;
  details: string;
  /** The regulation or section the record answers. */
  law: string;
  /** The last Perth date it must be kept. */
  keepUntil: string;
}

/** What the records are drawn from, as the server reads it for a range. */
export interface RecordSources {
  jobs: readonly Pick<Job, 'id' | 'number' | 'customerName' | 'location'>[];
  crashTows: readonly CrashTow[];
  /** The crash tows' signatures (document, signer, time). */
  signatures: readonly { jobId: string; document: string; signerName: string; signedAt: string }[];
  yardVehicles: readonly YardVehicle[];
  yardEvents: readonly YardEvent[];
  complaints: readonly Complaint[];
  occurrences: readonly Occurrence[];
}

function line(
  kind: RegulatedRecordKind,
  madeAt: string,
  fields: Omit<RecordLine, 'keepUntil'>,
): RecordLine {
  return { ...fields, keepUntil: retainUntil(kind, madeAt) };
}

const join = (...parts: (string | null | undefined)[]) =>
  parts.filter((part): part is string => Boolean(part && part.trim())).join(', ');

function crashTowLines(sources: RecordSources): RecordLine[] {
  const jobs = new Map(sources.jobs.map((job) => [job.id, job]));
  const lines: RecordLine[] = [];
  for (const tow of sources.crashTows) {
    const job = jobs.get(tow.jobId);
    const subject = job ? `Job ${documentRef(job)}` : `Job ${tow.jobId}`;
    const vehicle = tow.vehicleRegistration ?? '';
    lines.push(
      line('crash_tow_record', tow.createdAt, {
        at: tow.createdAt,
        step: 'Marked a crash tow',
        subject,
        vehicle,
        who: '',
        details: join(tow.crashLocation ? `At ${tow.crashLocation}` : null),
        law: 'Act s. 40; reg 13',
      }),
    );
    for (const signature of sources.signatures.filter((s) => s.jobId === tow.jobId)) {
      const authoriser = signature.document === 'authority_to_tow';
      if (!authoriser && signature.document !== 'att_towing_worker') continue;
      lines.push(
        line('authority_to_tow', signature.signedAt, {
          at: signature.signedAt,
          step: authoriser ? 'Authority to Tow signed' : 'Authority to Tow signed by towing worker',
          subject,
          vehicle,
          who: signature.signerName,
          details: authoriser
            ? join(
                tow.authorisedBy ? ATT_AUTHORISER_LABELS[tow.authorisedBy] : null,
                tow.authorisedBy === 'police'
                  ? `${tow.officerRank ?? ''} ${tow.officerNumber ?? ''} ${tow.officerStation ?? ''}`.trim()
                  : null,
                tow.authorisedBy === 'main_roads' ? tow.mainRoadsId : null,
                tow.destination ? `To ${tow.destination}` : null,
                tow.charges ? `Charges: ${tow.charges}` : null,
                tow.t1FormNumber ? `T1 form ${tow.t1FormNumber}` : null,
              )
            : '',
          law: 'Act s. 40; reg 13',
        }),
      );
    }
    if (tow.overrideAt) {
      lines.push(
        line('crash_tow_record', tow.overrideAt, {
          at: tow.overrideAt,
          step: 'Loading checks overridden',
          subject,
          vehicle,
          who: tow.overrideByName ?? '',
          details: tow.overrideReason ?? '',
          law: 'regs 8, 27',
        }),
      );
    }
    if (tow.loadedAt) {
      const property = tow.noProperty
        ? 'No personal property'
        : `Property: ${tow.propertyItems.map((item) => `${item.quantity} x ${item.description}`).join('; ')}`;
      const dashcam = join(
        tow.dashcamCamera ? `Dashcam ${tow.dashcamCamera}` : null,
        tow.dashcamFile,
        tow.dashcamFrom && tow.dashcamTo
          ? `${formatPerth(tow.dashcamFrom, 'HH:mm')}-${formatPerth(tow.dashcamTo, 'HH:mm')}`
          : null,
      );
      lines.push(
        line('crash_tow_record', tow.loadedAt, {
          at: tow.loadedAt,
          step: 'Vehicle loaded',
          subject,
          vehicle,
          who: '',
          details: join(property, dashcam),
          law: 'regs 6, 8, 20, 27, 28',
        }),
      );
    }
  }
  return lines;
}

const EVENT_STEPS: Record<YardEvent['kind'], string> = {
  in: 'Into storage',
  move: 'Moved in the yard',
  access: 'Property access visit',
  hold: 'Holds changed',
  payment: 'Charges paid',
  release: 'Released from storage',
};

const EVENT_LAW: Record<YardEvent['kind'], string> = {
  in: 'reg 13',
  move: 'Act s. 16; reg 11',
  access: 'reg 12',
  hold: 'reg 13',
  payment: 'Act s. 15; reg 10',
  release: 'Act s. 15; reg 10',
};

function yardLines(sources: RecordSources): RecordLine[] {
  const vehicles = new Map(sources.yardVehicles.map((vehicle) => [vehicle.id, vehicle]));
  const jobs = new Map(sources.jobs.map((job) => [job.id, job]));
  const jobRef = (id: string) => {
    const job = jobs.get(id);
    return job ? documentRef(job) : id;
  };
  return sources.yardEvents.map((event) => {
    const vehicle = vehicles.get(event.yardVehicleId);
    const release = event.kind === 'release' ? vehicle?.release : null;
    const details =
      event.kind === 'move'
        ? join(`Bay ${event.fromBay ?? '?'} to ${event.toBay ?? '?'}`, event.reason)
        : event.kind === 'access'
          ? join(
              `Visitor ${event.visitorName ?? ''} (${event.visitorDocument ?? ''})`,
              event.reason,
              event.itemsTaken ? `Took: ${event.itemsTaken}` : null,
            )
          : event.kind === 'release' && release
            ? join(
                `Collected by ${release.collectorName}`,
                `${ID_DOCUMENT_LABELS[release.documentType]} ${release.documentNumber}`,
                COLLECTOR_AUTHORITY_LABELS[release.authority],
                release.authorityDetail,
                release.identityPoints !== null ? `${release.identityPoints} points` : null,
                vehicle?.releaseDueAt
                  ? `Due by ${formatPerth(vehicle.releaseDueAt, 'DD/MM/YYYY HH:mm')}`
                  : null,
              )
            : event.kind === 'payment' && vehicle?.releaseDueAt
              ? join(
                  event.detail,
                  `Release due by ${formatPerth(vehicle.releaseDueAt, 'DD/MM/YYYY HH:mm')}`,
                )
              : join(
                  event.kind === 'in' ? `Bay ${event.toBay ?? ''}` : null,
                  event.detail,
                  event.reason,
                );
    return line('storage_record', event.at, {
      at: event.at,
      step: EVENT_STEPS[event.kind],
      subject: vehicle?.jobId
        ? `Yard ${event.yardVehicleId} (job ${jobRef(vehicle.jobId)})`
        : `Yard ${event.yardVehicleId}`,
      vehicle: vehicle?.registration ?? '',
      who: event.byName,
      details,
      law: EVENT_LAW[event.kind],
    });
  });
}

function complaintLines(sources: RecordSources): RecordLine[] {
  const lines: RecordLine[] = [];
  for (const complaint of sources.complaints) {
    const subject = `Complaint ${complaint.id}`;
    const keep = (at: string, step: string, who: string, details: string, law: string) =>
      lines.push({
        at,
        step,
        subject,
        vehicle: '',
        who,
        details,
        law,
        keepUntil: retainUntil('complaint', complaint.receivedAt),
      });
    const due = complaintDueDates(complaint.receivedAt);
    keep(
      complaint.receivedAt,
      'Complaint received',
      complaint.name,
      join(COMPLAINT_CHANNEL_LABELS[complaint.channel], complaint.reference, complaint.details),
      'regs 15, 16',
    );
    if (complaint.acknowledgedAt)
      keep(
        complaint.acknowledgedAt,
        'Complaint acknowledged',
        complaint.acknowledgedBy ?? '',
        `Due by ${formatPerth(due.acknowledged, 'DD/MM/YYYY HH:mm')}`,
        'reg 15',
      );
    if (complaint.investigatedAt)
      keep(
        complaint.investigatedAt,
        'Complaint investigated',
        '',
        complaint.findings ?? '',
        'reg 15',
      );
    if (complaint.resolvedAt)
      keep(complaint.resolvedAt, 'Complaint resolved', '', complaint.outcome ?? '', 'regs 15, 16');
  }
  return lines;
}

function occurrenceLines(sources: RecordSources): RecordLine[] {
  const jobs = new Map(sources.jobs.map((job) => [job.id, job]));
  return sources.occurrences.flatMap((occurrence) => {
    const job = occurrence.jobId ? jobs.get(occurrence.jobId) : undefined;
    const ref = job ? documentRef(job) : occurrence.jobId;
    const base = {
      subject: `Occurrence ${occurrence.id}${ref ? ` (job ${ref})` : ''}`,
      vehicle: '',
      law: 'regs 14, 29',
      keepUntil: retainUntil('notifiable_occurrence', occurrence.occurredAt),
    };
    const out: RecordLine[] = [
      {
        ...base,
        at: occurrence.occurredAt,
        step: 'Notifiable occurrence',
        who: occurrence.recordedBy,
        details: join(
          OCCURRENCE_KIND_LABELS[occurrence.kind],
          occurrence.description,
          `Report by ${formatPerth(occurrenceReportDueAt(occurrence.awareAt), 'DD/MM/YYYY HH:mm')}`,
        ),
      },
    ];
    if (occurrence.reportedAt)
      out.push({
        ...base,
        at: occurrence.reportedAt,
        step: 'Occurrence reported to the Department',
        who: occurrence.recordedBy,
        details: occurrence.reportReference ?? '',
      });
    return out;
  });
}

/**
 * Every record line whose Perth date is within `from`..`to` (both included), oldest first. A
 * line's date is when its step happened: a vehicle stored last month and released today shows
 * its release in today's export.
 */
export function complianceRecordLines(
  sources: RecordSources,
  range: { from: string; to: string },
): RecordLine[] {
  return [
    ...crashTowLines(sources),
    ...yardLines(sources),
    ...complaintLines(sources),
    ...occurrenceLines(sources),
  ]
    .filter((entry) => {
      const day = perthDate(entry.at);
      return day >= range.from && day <= range.to;
    })
    .sort((a, b) => a.at.localeCompare(b.at) || a.subject.localeCompare(b.subject));
}

/** The columns of the records CSV, in order. */
export const RECORDS_CSV_COLUMNS = [
  'Date',
  'Time',
  'Step',
  'Subject',
  'Vehicle',
  'Who',
  'Details',
  'Law',
  'KeepUntil',
] as const;

/** The records as CSV rows (cells neutralised against spreadsheet formulas), Perth times. */
export function recordsCsvRows(
  lines: readonly RecordLine[],
): Record<(typeof RECORDS_CSV_COLUMNS)[number], string>[] {
  return lines.map((entry) =>
    neutraliseCsvRow({
      Date: formatPerth(entry.at, 'DD/MM/YYYY'),
      Time: formatPerth(entry.at, 'HH:mm'),
      Step: entry.step,
      Subject: entry.subject,
      Vehicle: entry.vehicle,
      Who: entry.who,
      Details: entry.details,
      Law: entry.law,
      KeepUntil: entry.keepUntil,
    }),
  );
}

/** 'wa-towing-records-2026-11-24-to-2026-11-24.csv' (or `.pdf`). */
export function recordsFilename(from: string, to: string, extension: 'csv' | 'pdf'): string {
  return `wa-towing-records-${from}-to-${to}.${extension}`;
}

/** The columns of the complaints register CSV, in order. */
export const COMPLAINTS_CSV_COLUMNS = [
  'Number',
  'Received',
  'Channel',
  'Name',
  'Phone',
  'Email',
  'Reference',
  'Details',
  'AcknowledgeBy',
  'Acknowledged',
  'AcknowledgedBy',
  'InvestigateBy',
  'Investigated',
  'Findings',
  'ResolveBy',
  'Resolved',
  'Outcome',
  'KeepUntil',
] as const;

const stamp = (iso: string | null) => (iso ? formatPerth(iso, 'DD/MM/YYYY HH:mm') : '');

/** The complaints register as CSV rows, oldest first. */
export function complaintsCsvRows(
  complaints: readonly Complaint[],
): Record<(typeof COMPLAINTS_CSV_COLUMNS)[number], string>[] {
  return [...complaints]
    .sort((a, b) => a.receivedAt.localeCompare(b.receivedAt))
    .map((complaint) => {
      const due = complaintDueDates(complaint.receivedAt);
      return neutraliseCsvRow({
        Number: String(complaint.id),
        Received: stamp(complaint.receivedAt),
        Channel: COMPLAINT_CHANNEL_LABELS[complaint.channel],
        Name: complaint.name,
        Phone: complaint.phone ?? '',
        Email: complaint.email ?? '',
        Reference: complaint.reference ?? '',
        Details: complaint.details,
        AcknowledgeBy: stamp(due.acknowledged),
        Acknowledged: stamp(complaint.acknowledgedAt),
        AcknowledgedBy: complaint.acknowledgedBy ?? '',
        InvestigateBy: stamp(due.investigated),
        Investigated: stamp(complaint.investigatedAt),
        Findings: complaint.findings ?? '',
        ResolveBy: stamp(due.resolved),
        Resolved: stamp(complaint.resolvedAt),
        Outcome: complaint.outcome ?? '',
        KeepUntil: retainUntil('complaint', complaint.receivedAt),
      });
    });
}
