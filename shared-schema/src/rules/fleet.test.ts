import { describe, expect, it } from 'vitest';
import {
  costPerKm,
  defaultVehicleYear,
  expiryAlerts,
  formatStatusLabel,
  fuelEfficiency,
  lastServiceOdometer,
  latestRecords,
  monthlyCosts,
  registrationKey,
  sameRegistration,
  serviceProgress,
  serviceReminder,
  vehicleDisplayStatus,
} from './fleet';

const now = '2026-11-21T02:00:00.000Z';
const vehicle = {
  status: 'active',
  serviceInterval: 10000,
  lastServiceDate: '2026-06-01',
  nextService: null,
};

describe('serviceProgress', () => {
  it('estimates 50 km per day since the last service', () => {
    // 2026-06-01 → 2026-11-21 is 173 days: 8650 km used, 1350 left.
    expect(serviceProgress(vehicle, now)).toEqual({
      daysSinceService: 173,
      kmSinceService: 8650,
      measured: false,
      remainingKm: 1350,
      progressPercent: 87,
    });
  });

  it('caps progress at the interval once overdue', () => {
    const progress = serviceProgress({ ...vehicle, lastServiceDate: '2025-01-01' }, now);
    expect(progress.remainingKm).toBeLessThan(0);
    expect(progress.progressPercent).toBe(100);
  });

  it('treats a vehicle with no recorded service as just serviced', () => {
    expect(serviceProgress({ ...vehicle, lastServiceDate: null }, now).remainingKm).toBe(10000);
  });

  it('uses the odometer when it is known now and at the last service', () => {
    // Big Red: the estimate said 8,000 km to go; the odometer says 5,750 km driven.
    const bigRed = {
      ...vehicle,
      lastServiceDate: '2026-10-12',
      mileage: 125_750,
      lastServiceMileage: 120_000,
    };
    expect(serviceProgress({ ...bigRed, mileage: null }, now).remainingKm).toBe(8000);
    expect(serviceProgress(bigRed, now)).toMatchObject({
      kmSinceService: 5750,
      measured: true,
      remainingKm: 4250,
    });
    expect(serviceReminder({ ...bigRed, nextService: null }, now).remainingKm).toBe(4250);
    expect(
      vehicleDisplayStatus({ ...bigRed, status: 'active', mileage: 129_500 }, now),
    ).toMatchObject({ label: 'Service Due', remainingKm: 500 });
    // An odometer lower than at the service (a typo, a replaced cluster) is not believed.
    expect(serviceProgress({ ...bigRed, mileage: 100 }, now).measured).toBe(false);
  });
});

describe('lastServiceOdometer', () => {
  const record = (vehicleId: number, km: number, invoiceDate: string) => ({
    vehicleId,
    mileageAtService: km,
    invoiceDate,
    createdAt: `${invoiceDate}T01:00:00.000Z`,
  });

  it('reads the latest service of that vehicle, ignoring unread (0 km) ones', () => {
    const services = [
      record(1, 110_000, '2026-04-01'),
      record(1, 120_000, '2026-10-12'),
      record(2, 999_000, '2026-11-01'),
      record(1, 0, '2026-11-02'),
    ];
    expect(lastServiceOdometer(services, { id: 1, lastServiceDate: '2026-10-12' })).toBe(120_000);
    expect(lastServiceOdometer(services, { id: 3, lastServiceDate: null })).toBeNull();
  });

  it('is unknown when the vehicle was serviced after its latest record', () => {
    const services = [record(1, 110_000, '2026-04-01')];
    expect(lastServiceOdometer(services, { id: 1, lastServiceDate: '2026-04-01' })).toBe(110_000);
    expect(lastServiceOdometer(services, { id: 1, lastServiceDate: '2026-06-01' })).toBeNull();
  });
});

describe('vehicleDisplayStatus', () => {
  it('shows out_of_service red and maintenance orange', () => {
    expect(vehicleDisplayStatus({ ...vehicle, status: 'out_of_service' }, now)).toMatchObject({
      color: 'red',
      label: 'Out Of Service',
    });
    expect(vehicleDisplayStatus({ ...vehicle, status: 'maintenance' }, now)).toMatchObject({
      color: 'orange',
      label: 'Maintenance',
    });
  });

  it('shows Service Due in yellow at or under 1000 km for an active vehicle', () => {
    // 180 days → 9000 km used, exactly 1000 left.
    expect(vehicleDisplayStatus({ ...vehicle, lastServiceDate: '2026-05-25' }, now)).toEqual({
      color: 'yellow',
      label: 'Service Due',
      remainingKm: 1000,
    });
    expect(
      vehicleDisplayStatus({ ...vehicle, status: 'Excellent', lastServiceDate: '2026-05-25' }, now)
        .label,
    ).toBe('Service Due');
  });

  it('shows green Active otherwise, including the legacy Excellent', () => {
    expect(vehicleDisplayStatus(vehicle, now)).toMatchObject({ color: 'green', label: 'Active' });
    expect(vehicleDisplayStatus({ ...vehicle, status: 'Excellent' }, now)).toMatchObject({
      color: 'green',
      label: 'Active',
    });
  });

  it('labels other statuses with underscores replaced and words capitalised', () => {
    expect(vehicleDisplayStatus({ ...vehicle, status: 'in_maintenance' }, now)).toMatchObject({
      color: 'green',
      label: 'In Maintenance',
    });
    expect(
      vehicleDisplayStatus(
        { ...vehicle, status: 'in_maintenance', lastServiceDate: '2026-05-25' },
        now,
      ),
    ).toMatchObject({ color: 'yellow', label: 'In Maintenance' });
    expect(formatStatusLabel('out_of_service')).toBe('Out Of Service');
  });
});

describe('serviceReminder', () => {
  it('is ok when both limits are far off', () => {
    expect(serviceReminder({ ...vehicle, lastServiceDate: '2026-11-01' }, now)).toMatchObject({
      state: 'ok',
      by: 'km',
    });
  });

  it('turns due-soon by km within 1000 km', () => {
    expect(serviceReminder({ ...vehicle, lastServiceDate: '2026-05-25' }, now)).toMatchObject({
      state: 'due-soon',
      by: 'km',
      dueInDays: 20,
    });
  });

  it('turns due-soon by date within 14 days when the date comes first', () => {
    const reminder = serviceReminder(
      { ...vehicle, lastServiceDate: '2026-11-01', nextService: '2026-12-01' },
      now,
    );
    expect(reminder).toMatchObject({
      state: 'due-soon',
      by: 'date',
      dueInDays: 10,
      dateDueInDays: 10,
    });
  });

  it('is overdue once either limit is past', () => {
    expect(
      serviceReminder({ ...vehicle, lastServiceDate: '2026-11-01', nextService: '2026-11-20' }, now)
        .state,
    ).toBe('overdue');
    expect(serviceReminder({ ...vehicle, lastServiceDate: '2025-11-01' }, now).state).toBe(
      'overdue',
    );
  });
});

describe('expiryAlerts', () => {
  it('alerts 30 days ahead and after expiry, soonest first', () => {
    expect(
      expiryAlerts({ registrationExpiry: '2026-12-21', insuranceExpiry: '2026-11-19' }, now),
    ).toEqual([
      { kind: 'insurance', expiresOn: '2026-11-19', daysLeft: -2, expired: true },
      { kind: 'registration', expiresOn: '2026-12-21', daysLeft: 30, expired: false },
    ]);
  });

  it('stays quiet beyond 30 days or without dates', () => {
    expect(expiryAlerts({ registrationExpiry: '2026-12-22', insuranceExpiry: null }, now)).toEqual(
      [],
    );
  });
});

describe('fuelEfficiency', () => {
  const fill = (
    id: number,
    odometerReading: number,
    liters: number,
    fillType: 'Full' | 'Partial',
  ) => ({
    id,
    odometerReading,
    liters,
    fillType,
    dateTime: `2026-11-${String(id).padStart(2, '0')}T00:00:00.000Z`,
  });

  it('measures between full fills only, partial fills adding to the next full fill', () => {
    const result = fuelEfficiency([
      fill(1, 1000, 60000, 'Full'),
      fill(2, 1300, 20000, 'Partial'),
      fill(3, 1600, 46000, 'Full'),
      fill(4, 2100, 60000, 'Full'),
    ]);
    expect(result.fills).toEqual([
      { id: 1, litresPer100Km: null },
      { id: 2, litresPer100Km: null },
      { id: 3, litresPer100Km: 11 },
      { id: 4, litresPer100Km: 12 },
    ]);
    // (66 + 60) L over 1100 km.
    expect(result.averageLitresPer100Km).toBe(11.45);
  });

  it('ignores fills before the first full fill and orders by odometer', () => {
    const result = fuelEfficiency([
      fill(3, 1500, 50000, 'Full'),
      fill(1, 800, 30000, 'Partial'),
      fill(2, 1000, 70000, 'Full'),
    ]);
    expect(result.fills).toEqual([
      { id: 1, litresPer100Km: null },
      { id: 2, litresPer100Km: null },
      { id: 3, litresPer100Km: 10 },
    ]);
  });

  it('has no figure without two full fills', () => {
    expect(
      fuelEfficiency([fill(1, 1000, 50000, 'Full'), fill(2, 1200, 10000, 'Partial')])
        .averageLitresPer100Km,
    ).toBeNull();
    expect(fuelEfficiency([]).averageLitresPer100Km).toBeNull();
  });
});

describe('costPerKm', () => {
  const fuel = [
    { dateTime: '2026-10-02T00:00:00.000Z', totalCost: 15000, odometerReading: 10000 },
    { dateTime: '2026-10-20T00:00:00.000Z', totalCost: 12000, odometerReading: 10800 },
    { dateTime: '2026-11-02T00:00:00.000Z', totalCost: 99999, odometerReading: 11500 },
  ];
  const services = [{ invoiceDate: '2026-10-15', totalCost: 13000, mileageAtService: 10400 }];

  it('adds fuel and service cost over the period and divides by the km driven', () => {
    expect(
      costPerKm(fuel, services, '2026-10-01T00:00:00.000Z', '2026-11-01T00:00:00.000Z'),
    ).toEqual({
      fuelCents: 27000,
      serviceCents: 13000,
      totalCents: 40000,
      distanceKm: 800,
      centsPerKm: 50,
    });
  });

  it('has no per-km figure without distance', () => {
    expect(
      costPerKm(fuel.slice(0, 1), [], '2026-10-01T00:00:00.000Z', '2026-11-01T00:00:00.000Z')
        .centsPerKm,
    ).toBeNull();
  });
});

describe('monthlyCosts', () => {
  it('sums fuel, service and expenses per vehicle and Perth month', () => {
    const rows = monthlyCosts(
      [
        { vehicleId: 2, dateTime: '2026-10-31T17:00:00.000Z', totalCost: 100 }, // 1 Nov in Perth
        { vehicleId: 1, dateTime: '2026-10-05T00:00:00.000Z', totalCost: 200 },
      ],
      [{ vehicleId: 1, invoiceDate: '2026-10-09', totalCost: 300 }],
      [{ vehicleId: 1, expenseDate: '2026-11-03', amount: 400 }],
    );
    expect(rows).toEqual([
      {
        vehicleId: 1,
        month: '2026-10',
        fuelCents: 200,
        serviceCents: 300,
        expenseCents: 0,
        totalCents: 500,
      },
      {
        vehicleId: 1,
        month: '2026-11',
        fuelCents: 0,
        serviceCents: 0,
        expenseCents: 400,
        totalCents: 400,
      },
      {
        vehicleId: 2,
        month: '2026-11',
        fuelCents: 100,
        serviceCents: 0,
        expenseCents: 0,
        totalCents: 100,
      },
    ]);
  });
});

describe('card helpers', () => {
  it('keeps the latest three records of a vehicle', () => {
    const records = [1, 2, 3, 4, 5].map((day) => ({
      vehicleId: day === 5 ? 2 : 1,
      day,
      at: `2026-11-0${day}`,
    }));
    expect(latestRecords(records, 1, (record) => record.at).map((record) => record.day)).toEqual([
      4, 3, 2,
    ]);
  });

  it('defaults the vehicle year to the current Perth year', () => {
    expect(defaultVehicleYear('2026-12-31T17:00:00.000Z')).toBe(2027);
  });
});

describe('registrationKey', () => {
  it('ignores case, spaces and hyphens', () => {
    expect(registrationKey('1hrt-001')).toBe('1HRT001');
    expect(registrationKey(' 1HRT 001 ')).toBe('1HRT001');
    expect(sameRegistration('1hrt-001', '1HRT-001')).toBe(true);
    expect(sameRegistration('1HRT-001', '1HRT-002')).toBe(false);
  });

  it('never matches an empty or missing value', () => {
    expect(sameRegistration(null, null)).toBe(false);
    expect(sameRegistration('', '')).toBe(false);
    expect(sameRegistration(' - ', '-')).toBe(false);
    expect(sameRegistration(undefined, '1ABC123')).toBe(false);
  });
});
