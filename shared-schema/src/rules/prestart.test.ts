import { describe, expect, it } from 'vitest';
import { CHECKLISTS, CHECKLIST_KINDS } from '../constants/prestart';
import { VEHICLE_TYPES } from '../constants/services';
import {
  assignmentWarnings,
  checkAnswerProblems,
  checkedToday,
  checklistFor,
  checklistKindOf,
  defectsFromAnswers,
  fleetDueItems,
  fleetSummaryDue,
  fleetSummaryEmail,
  statusAfterRaising,
  statusAfterResolving,
  vehicleTimeline,
} from './prestart';

const heavy = checklistFor('Heavy Recovery');
const allPass = heavy.map((entry) => ({ key: entry.key, result: 'pass' as const }));

describe('checklists', () => {
  it('every vehicle type of the fleet form has a checklist with the recovery essentials', () => {
    for (const type of VEHICLE_TYPES) expect(CHECKLIST_KINDS).toContain(checklistKindOf(type));
    for (const kind of CHECKLIST_KINDS) {
      const keys = CHECKLISTS[kind].map((entry) => entry.key);
      expect(new Set(keys).size).toBe(keys.length);
      for (const key of ['tyres', 'lights', 'brakes', 'fluids', 'extinguisher', 'first_aid', 'uhf'])
        expect(keys).toContain(key);
    }
    expect(heavy.map((entry) => entry.key)).toEqual(
      expect.arrayContaining(['winch', 'rigging', 'restraint', 'boom']),
    );
    expect(checklistKindOf('Something else')).toBe('tow_truck');
  });

  it('answers must cover every item once, and a failure needs a note', () => {
    expect(checkAnswerProblems(heavy, allPass)).toEqual({});
    expect(checkAnswerProblems(heavy, allPass.slice(1))).toEqual({ items: 'Answer every item' });
    const failed = allPass.map((answer) =>
      answer.key === 'brakes' ? { ...answer, result: 'fail' as const, note: ' ' } : answer,
    );
    expect(checkAnswerProblems(heavy, failed)).toEqual({ brakes: 'Say what is wrong' });
    expect(checkAnswerProblems(heavy, [...allPass, { key: 'brakes', result: 'pass' }])).toEqual({
      brakes: 'Answered twice',
    });
  });
});

describe('defects from a check', () => {
  it('a failed item raises exactly one defect with its severity; passes and N/A raise none', () => {
    const answers = allPass.map((answer) => {
      if (answer.key === 'brakes')
        return { ...answer, result: 'fail' as const, note: 'Soft pedal' };
      if (answer.key === 'first_aid')
        return {
          ...answer,
          result: 'fail' as const,
          note: 'Kit used up',
          severity: 'major' as const,
        };
      if (answer.key === 'uhf') return { ...answer, result: 'na' as const };
      return answer;
    });
    expect(defectsFromAnswers(heavy, answers)).toEqual([
      {
        itemKey: 'brakes',
        title: 'Brakes and park brake',
        severity: 'critical',
        note: 'Soft pedal',
        photos: [],
      },
      {
        itemKey: 'first_aid',
        title: 'First-aid kit',
        severity: 'major',
        note: 'Kit used up',
        photos: [],
      },
    ]);
    expect(defectsFromAnswers(heavy, allPass)).toEqual([]);
  });
});

describe('out of service while a critical defect is open', () => {
  const open = (id: number, severity: 'minor' | 'major' | 'critical', before: string | null) => ({
    id,
    severity,
    status: 'open' as const,
    vehicleStatusBefore: before,
    raisedAt: `2026-11-2${id}T00:00:00.000Z`,
  });

  it('a critical defect puts the vehicle out of service, remembering its status', () => {
    expect(statusAfterRaising('active', [], [{ severity: 'critical' }])).toEqual({
      status: 'out_of_service',
      statusBefore: 'active',
    });
    expect(statusAfterRaising('maintenance', [], [{ severity: 'major' }])).toEqual({
      status: 'maintenance',
      statusBefore: null,
    });
    // A second critical defect keeps the status from before the first one.
    expect(
      statusAfterRaising(
        'out_of_service',
        [open(1, 'critical', 'maintenance')],
        [{ severity: 'critical' }],
      ),
    ).toEqual({ status: 'out_of_service', statusBefore: 'maintenance' });
  });

  it('resolving the last critical defect restores the previous status, not before', () => {
    const both = [open(1, 'critical', 'maintenance'), open(2, 'critical', 'maintenance')];
    expect(statusAfterResolving('out_of_service', both, 1)).toBe('out_of_service');
    expect(statusAfterResolving('out_of_service', [both[1]!], 2)).toBe('maintenance');
    expect(statusAfterResolving('out_of_service', [open(1, 'critical', 'active')], 1)).toBe(
      'active',
    );
    // A major defect, or a vehicle an admin already put back, leaves the status alone.
    expect(statusAfterResolving('out_of_service', [open(3, 'major', null)], 3)).toBe(
      'out_of_service',
    );
    expect(statusAfterResolving('active', [open(1, 'critical', 'maintenance')], 1)).toBe('active');
  });

  it('one service record closing every critical defect at once restores the status', () => {
    const both = [open(1, 'critical', 'maintenance'), open(2, 'critical', 'maintenance')];
    expect(statusAfterResolving('out_of_service', both, [1, 2])).toBe('maintenance');
    expect(statusAfterResolving('out_of_service', both, [2])).toBe('out_of_service');
    // Closing only minor ones, or none, changes nothing.
    expect(statusAfterResolving('out_of_service', [...both, open(3, 'minor', null)], [3])).toBe(
      'out_of_service',
    );
    expect(statusAfterResolving('out_of_service', both, [])).toBe('out_of_service');
  });
});

describe('checked today, in the Perth day', () => {
  // Perth is UTC+8 all year: the day starts at 16:00 UTC the evening before.
  const check = (checkedAt: string) => ({ vehicleId: 1, checkedAt });

  it('a check at 07:00 Perth counts all Perth day, and not the next Perth day', () => {
    const at0700 = check('2026-11-23T23:00:00.000Z'); // 24 Nov 07:00 in Perth
    expect(checkedToday(1, [at0700], '2026-11-24T15:59:00.000Z')).toBe(true); // 23:59 Perth
    expect(checkedToday(1, [at0700], '2026-11-24T16:00:00.000Z')).toBe(false); // 25 Nov 00:00
    expect(checkedToday(2, [at0700], '2026-11-24T01:00:00.000Z')).toBe(false);
  });

  it('a check late on the UTC day before is today in Perth', () => {
    // 23 Nov 16:30 UTC is 24 Nov 00:30 in Perth: the same UTC date as "yesterday" but today.
    expect(checkedToday(1, [check('2026-11-23T16:30:00.000Z')], '2026-11-24T03:00:00.000Z')).toBe(
      true,
    );
    expect(checkedToday(1, [check('2026-11-23T15:30:00.000Z')], '2026-11-24T03:00:00.000Z')).toBe(
      false,
    );
  });

  it('warns before assigning a job to a vehicle with a critical defect or no check today', () => {
    const now = '2026-11-24T02:00:00.000Z';
    const critical = { vehicleId: 1, status: 'open' as const, severity: 'critical' as const };
    expect(assignmentWarnings(1, [critical], [], now)).toEqual([
      'critical_defect',
      'no_check_today',
    ]);
    expect(assignmentWarnings(1, [{ ...critical, status: 'resolved' }], [check(now)], now)).toEqual(
      [],
    );
  });
});

describe('what is due across the fleet', () => {
  const now = '2026-11-24T02:00:00.000Z'; // 24 Nov 10:00 in Perth
  const vehicle = {
    id: 1,
    name: 'Big Red',
    registration: '1HRT-001',
    isActive: true,
    serviceInterval: 10000,
    lastServiceDate: '2026-11-01',
    nextService: '2027-03-01',
    registrationExpiry: '2027-06-01',
    insuranceExpiry: '2027-06-01',
  };

  it('lists service, registration, insurance and a truck with a job but no check', () => {
    const vehicles = [
      { ...vehicle, nextService: '2026-11-30' },
      {
        ...vehicle,
        id: 2,
        name: 'Dusty',
        registration: '1DST-202',
        registrationExpiry: '2026-12-10',
      },
      { ...vehicle, id: 3, name: 'Spare', insuranceExpiry: '2026-11-20' },
      { ...vehicle, id: 4, name: 'Parked', isActive: false, insuranceExpiry: '2026-11-20' },
      { ...vehicle, id: 5, name: 'Clean' },
    ];
    const jobs = [
      { vehicleId: 2, status: 'Assigned' },
      { vehicleId: 5, status: 'Completed' },
      { vehicleId: 1, status: 'En Route' },
    ];
    const checks = [{ vehicleId: 1, checkedAt: '2026-11-23T23:30:00.000Z' }];
    expect(
      fleetDueItems(vehicles, checks, jobs, now).map((item) => [item.kind, item.text]),
    ).toEqual([
      ['prestart', 'Dusty (1DST-202): no pre-start today and it has a job'],
      ['insurance', 'Spare (1HRT-001): insurance expired on 20 Nov 2026'],
      ['service', 'Big Red (1HRT-001): service due in 6 days'],
      ['registration', 'Dusty (1DST-202): registration expires on 10 Dec 2026 (in 16 days)'],
    ]);
  });

  it('reads km since the last service on the odometer when the records give it', () => {
    // Serviced 23 days ago: the estimate says 1,150 km driven; the odometer says 9,400.
    const driven = { ...vehicle, mileage: 129_400 };
    const services = [
      {
        vehicleId: 1,
        mileageAtService: 120_000,
        invoiceDate: '2026-11-01',
        createdAt: '2026-11-01T03:00:00.000Z',
      },
    ];
    expect(fleetDueItems([driven], [], [], now)).toEqual([]);
    expect(fleetDueItems([driven], [], [], now, services).map((item) => item.text)).toEqual([
      'Big Red (1HRT-001): service due in 600 km',
    ]);
  });
});

describe('vehicle timeline', () => {
  it('puts checks, defects, resolutions and services on one line, newest first', () => {
    const entries = vehicleTimeline(
      [
        {
          checkedAt: '2026-11-20T00:00:00.000Z',
          checkedByName: 'Kim',
          failedCount: 1,
          odometer: 100,
        },
      ],
      [
        {
          raisedAt: '2026-11-20T00:00:00.000Z',
          title: 'Brakes and park brake',
          severity: 'critical',
          note: 'Soft pedal',
          status: 'resolved',
          resolvedAt: '2026-11-21T00:00:00.000Z',
          resolution: 'fixed',
          resolutionNote: 'Bled the lines',
        },
      ],
      [
        {
          invoiceDate: '2026-11-22',
          serviceType: 'Brake Service',
          description: 'Pads',
          servicedBy: 'Shop',
        },
      ],
    );
    expect(entries.map((entry) => entry.kind)).toEqual(['service', 'resolved', 'check', 'defect']);
    expect(entries[1]?.detail).toBe('Fixed: Bled the lines');
    // A service dated the day it was recorded sits at the time it was recorded.
    const sameDay = vehicleTimeline(
      [],
      [],
      [
        {
          invoiceDate: '2026-11-20',
          serviceType: 'Brake Service',
          description: 'Pads',
          servicedBy: 'Shop',
          createdAt: '2026-11-20T01:00:00.000Z',
        },
      ],
    );
    expect(sameDay[0]?.at).toBe('2026-11-20T01:00:00.000Z');
  });
});

describe('daily fleet summary', () => {
  it('is due from 05:00 Perth time and lists every due item once', () => {
    expect(fleetSummaryDue('2026-11-23T20:59:00.000Z')).toBe(false); // 04:59 Perth
    expect(fleetSummaryDue('2026-11-23T21:00:00.000Z')).toBe(true); // 05:00 Perth
    const mail = fleetSummaryEmail(
      [
        { vehicleId: 1, vehicleName: 'A', kind: 'prestart', urgent: true, text: 'A: no pre-start' },
        { vehicleId: 2, vehicleName: 'B', kind: 'service', urgent: false, text: 'B: service due' },
      ],
      '2026-11-24',
      [{ vehicleName: 'A', severity: 'critical', title: 'Brakes' }],
    );
    expect(mail.subject).toBe('Fleet: what is due on 2026-11-24');
    expect(mail.text).toBe(
      [
        'Fleet summary for 2026-11-24',
        '',
        'Due:',
        '- [!] A: no pre-start',
        '- B: service due',
        '',
        'Open defects:',
        '- A: critical defect open: Brakes',
      ].join('\n'),
    );
  });
});
