import { describe, expect, it } from 'vitest';
import type { Complaint, CrashTow, YardEvent, YardVehicle } from '../entities/wa-towing';
import { newCrashTow } from '../rules/crash-tow';
import { complaintsCsvRows, complianceRecordLines, recordsCsvRows } from './compliance-records';

const perth = (local: string) => new Date(`${local}+08:00`).toISOString();

const tow: CrashTow = {
  ...newCrashTow('JOB-2026-P1', {
    crashLocation: 'NWCH, Karratha',
    markedBy: 1,
    now: perth('2026-11-24T08:00:00'),
  }),
  authorisedBy: 'owner_driver',
  authoriserName: 'Dana Reid',
  destination: 'Our yard',
  charges: '$450',
  vehicleRegistration: '1ABC234',
  dashcamCamera: 'Truck 2',
  dashcamFile: 'REC_0930.MP4',
  propertyItems: [{ id: 'p1', description: 'Laptop bag', quantity: 1, where: null }],
  loadedAt: perth('2026-11-24T08:40:00'),
};

const vehicle: YardVehicle = {
  id: 3,
  jobId: 'JOB-2026-P1',
  bay: 'A1',
  timeIn: perth('2026-11-24T09:30:00'),
  registration: '1ABC234',
  make: null,
  model: null,
  colour: null,
  ownerName: 'Dana Reid',
  ownerPhone: null,
  ownerEmail: null,
  policeHold: false,
  insurerHold: false,
  holdNote: null,
  property: null,
  dailyFeeCents: 2500,
  status: 'stored',
  paidAt: null,
  invoiceId: null,
  releaseDueAt: null,
  releasedAt: null,
  releasedBy: null,
  release: null,
  createdAt: perth('2026-11-24T09:30:00'),
  updatedAt: perth('2026-11-24T09:30:00'),
};

function event(
  id: number,
  kind: YardEvent['kind'],
  at: string,
  extra: Partial<YardEvent> = {},
): YardEvent {
  return {
    id,
    yardVehicleId: 3,
    kind,
    at,
    byUser: 1,
    byName: 'Sam Owner',
    fromBay: null,
    toBay: null,
    reason: null,
    visitorName: null,
    visitorDocument: null,
    itemsTaken: null,
    detail: null,
    createdAt: at,
    ...extra,
  };
}

const complaint: Complaint = {
  id: 7,
  receivedAt: perth('2026-11-24T11:00:00'),
  channel: 'web',
  name: '=HYPERLINK("http://x")',
  phone: null,
  email: 'chris@example.com',
  reference: null,
  details: 'Gate closed',
  acknowledgedAt: null,
  acknowledgedBy: null,
  investigatedAt: null,
  findings: null,
  resolvedAt: null,
  outcome: null,
  createdAt: perth('2026-11-24T11:00:00'),
  updatedAt: perth('2026-11-24T11:00:00'),
};

const sources = {
  jobs: [
    { id: 'JOB-2026-P1', number: 'JOB-2026-12', customerName: 'Dana Reid', location: 'Karratha' },
  ],
  crashTows: [tow],
  signatures: [
    {
      jobId: 'JOB-2026-P1',
      document: 'authority_to_tow',
      signerName: 'Dana Reid',
      signedAt: perth('2026-11-24T08:20:00'),
    },
    {
      jobId: 'JOB-2026-P1',
      document: 'att_towing_worker',
      signerName: 'Alex Morgan',
      signedAt: perth('2026-11-24T08:21:00'),
    },
  ],
  yardVehicles: [vehicle],
  yardEvents: [
    event(1, 'in', perth('2026-11-24T09:30:00'), { toBay: 'A1' }),
    event(2, 'move', perth('2026-11-25T10:00:00'), { fromBay: 'A1', toBay: 'B2', reason: 'Room' }),
  ],
  complaints: [complaint],
  occurrences: [],
};

describe('the records of a day', () => {
  it('lists each step of the day in time order with its regulation and keep-until date', () => {
    const lines = complianceRecordLines(sources, { from: '2026-11-24', to: '2026-11-24' });
    expect(lines.map((line) => line.step)).toEqual([
      'Marked a crash tow',
      'Authority to Tow signed',
      'Authority to Tow signed by towing worker',
      'Vehicle loaded',
      'Into storage',
      'Complaint received',
    ]);
    expect(lines[0]).toMatchObject({ subject: 'Job JOB-2026-12', keepUntil: '2028-11-24' });
    expect(lines[1]?.details).toContain('To Our yard');
    expect(lines[3]?.details).toContain('1 x Laptop bag');
    // The move happened the next day: it belongs to that day's records.
    expect(
      complianceRecordLines(sources, { from: '2026-11-25', to: '2026-11-25' }).map((l) => l.step),
    ).toEqual(['Moved in the yard']);
  });

  it('writes CSV cells a spreadsheet cannot run as formulas', () => {
    const lines = complianceRecordLines(sources, { from: '2026-11-24', to: '2026-11-24' });
    const complaintRow = recordsCsvRows(lines).find((row) => row.Step === 'Complaint received');
    expect(complaintRow?.Who).toBe('\'=HYPERLINK("http://x")');
    expect(complaintRow?.Time).toBe('11:00');
    expect(complaintsCsvRows([complaint])[0]).toMatchObject({
      Number: '7',
      Name: '\'=HYPERLINK("http://x")',
      AcknowledgeBy: '26/11/2026 17:00',
      KeepUntil: '2028-11-24',
    });
  });
});
