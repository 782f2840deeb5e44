import { describe, expect, it } from 'vitest';
import type { FleetExpense, FuelRecord, ServiceRecord, Vehicle } from '@pilbara/shared-schema';
import { efficiencyRows, monthlyCostRows, vehicleCostPerKm, vehicleLabel } from './fleet-figures';
import { aFleetVehicle } from '@pilbara/shared-schema/testing';

const NOW = '2026-11-20T04:00:00.000Z';

function vehicle(id: number, name: string): Vehicle {
  return aFleetVehicle({
    id,
    name,
    model: 'Hilux',
    year: 2024,
    registration: `REG${id}`,
    type: 'Light Towing',
    status: 'active',
    mileage: 0,
    createdAt: NOW,
  });
}

function fill(
  id: number,
  vehicleId: number,
  dateTime: string,
  odometerReading: number,
  liters: number,
  fillType: 'Full' | 'Partial',
  totalCost = 10000,
): FuelRecord {
  return {
    id,
    vehicleId,
    dateTime,
    location: 'Karratha',
    fuelType: 'Diesel',
    liters,
    pricePerLiter: 200,
    totalCost,
    odometerReading,
    fillType,
    efficiency: null,
    driver: null,
    receipt: null,
    notes: null,
    createdAt: dateTime,
  };
}

function service(
  id: number,
  vehicleId: number,
  invoiceDate: string,
  mileageAtService: number,
  totalCost: number,
): ServiceRecord {
  return {
    id,
    vehicleId,
    invoiceNumber: null,
    serviceType: 'Oil Change',
    description: 'x',
    servicedBy: 'y',
    laborCost: totalCost,
    partsCost: 0,
    totalCost,
    mileageAtService,
    partsReplaced: null,
    workPerformed: null,
    nextServiceDue: null,
    warranty: null,
    invoiceDate,
    isPaid: false,
    notes: null,
    createdAt: invoiceDate,
  };
}

describe('fleet figures', () => {
  it('labels a vehicle by name, else make and model', () => {
    expect(vehicleLabel({ name: ' ', make: 'Isuzu', model: 'NPS' })).toBe('Isuzu NPS');
    expect(vehicleLabel({ name: 'Big Red', make: 'Isuzu', model: 'NPS' })).toBe('Big Red');
  });

  it('charts efficiency between full fills only, counting partial fuel into the next full fill', () => {
    const rows = efficiencyRows(
      [vehicle(1, 'Ute')],
      [
        fill(1, 1, '2026-10-01T00:00:00.000Z', 10_000, 50_000, 'Full'),
        fill(2, 1, '2026-10-05T00:00:00.000Z', 10_300, 20_000, 'Partial'),
        fill(3, 1, '2026-10-10T00:00:00.000Z', 10_500, 40_000, 'Full'),
      ],
    );
    // (20 + 40) L over 500 km = 12 L/100 km; the partial and the first full fill have no point.
    expect(rows).toEqual([{ label: '10 Oct', Ute: 12 }]);
  });

  it('puts one date on the axis once, whatever was filled that day', () => {
    const rows = efficiencyRows(
      [vehicle(1, 'Ute'), vehicle(2, 'Truck')],
      [
        fill(1, 1, '2026-10-01T00:00:00.000Z', 10_000, 50_000, 'Full'),
        fill(2, 1, '2026-10-10T01:00:00.000Z', 10_500, 50_000, 'Full'),
        fill(3, 1, '2026-10-10T09:00:00.000Z', 10_900, 40_000, 'Full'),
        fill(4, 2, '2026-10-02T00:00:00.000Z', 90_000, 80_000, 'Full'),
        fill(5, 2, '2026-10-10T05:00:00.000Z', 90_400, 100_000, 'Full'),
      ],
    );
    // Ute: 10 L/100 km then 10 L/100 km that day (averaged); Truck: 25 L/100 km.
    expect(rows).toEqual([{ label: '10 Oct', Ute: 10, Truck: 25 }]);
  });

  it('writes the year on the axis only when the points span two years', () => {
    const rows = efficiencyRows(
      [vehicle(1, 'Ute')],
      [
        fill(1, 1, '2025-12-01T00:00:00.000Z', 10_000, 50_000, 'Full'),
        fill(2, 1, '2025-12-20T00:00:00.000Z', 10_500, 50_000, 'Full'),
        fill(3, 1, '2026-01-10T00:00:00.000Z', 11_000, 50_000, 'Full'),
      ],
    );
    expect(rows.map((row) => row.label)).toEqual(['20 Dec 2025', '10 Jan 2026']);
  });

  it('sums monthly costs per vehicle in dollars, fuel, services and expenses', () => {
    const expense: FleetExpense = {
      id: 1,
      vehicleId: 2,
      expenseType: 'Tyres',
      description: null,
      amount: 50_000,
      vendor: null,
      invoiceNumber: null,
      expenseDate: '2026-10-20',
      category: null,
      isPaid: true,
      paymentMethod: null,
      notes: null,
      createdAt: NOW,
    };
    const rows = monthlyCostRows(
      [vehicle(1, 'Ute'), vehicle(2, 'Truck')],
      [
        fill(1, 1, '2026-10-01T00:00:00.000Z', 1, 50_000, 'Full', 12_345),
        fill(2, 1, '2026-11-02T00:00:00.000Z', 2, 50_000, 'Full', 10_000),
      ],
      [service(1, 2, '2026-10-03', 100, 20_000)],
      [expense],
    );
    expect(rows).toEqual([
      { label: 'Oct 2026', Ute: 123.45, Truck: 700 },
      { label: 'Nov 2026', Ute: 100 },
    ]);
  });

  it('keeps an empty place for a month without costs', () => {
    const rows = monthlyCostRows(
      [vehicle(1, 'Ute')],
      [
        fill(1, 1, '2026-05-10T00:00:00.000Z', 1, 50_000, 'Full', 5_000),
        fill(2, 1, '2026-07-10T00:00:00.000Z', 2, 50_000, 'Full', 7_000),
      ],
      [],
      [],
    );
    expect(rows).toEqual([
      { label: 'May 2026', Ute: 50 },
      { label: 'Jun 2026' },
      { label: 'Jul 2026', Ute: 70 },
    ]);
  });

  it('gives cost per km over the chosen period only', () => {
    const fuel = [
      fill(1, 1, '2026-11-01T00:00:00.000Z', 10_000, 50_000, 'Full', 10_000),
      fill(2, 1, '2026-11-10T00:00:00.000Z', 10_500, 50_000, 'Full', 10_000),
      fill(3, 1, '2026-01-10T00:00:00.000Z', 2_000, 50_000, 'Full', 99_999),
      fill(4, 2, '2026-11-10T00:00:00.000Z', 90_000, 50_000, 'Full', 99_999),
    ];
    const services = [service(1, 1, '2026-11-05', 10_200, 30_000)];
    const cost = vehicleCostPerKm(1, fuel, services, 30, NOW);
    expect(cost).toMatchObject({
      fuelCents: 20_000,
      serviceCents: 30_000,
      distanceKm: 500,
      centsPerKm: 100,
    });
    expect(vehicleCostPerKm(1, fuel, services, 365, NOW).distanceKm).toBe(8_500);
  });

  it('counts a fill logged after the screen last read the clock, not $0.00 of fuel', () => {
    // The screen's clock is read once a minute; the fill was logged 20 s after that.
    const justNow = new Date(Date.parse(NOW) + 20_000).toISOString();
    const fuel = [
      fill(1, 1, '2026-11-10T00:00:00.000Z', 10_000, 50_000, 'Full', 10_000),
      fill(2, 1, justNow, 10_400, 40_000, 'Full', 8_000),
    ];
    expect(vehicleCostPerKm(1, fuel, [], 30, NOW)).toMatchObject({
      fuelCents: 18_000,
      distanceKm: 400,
      centsPerKm: 45,
    });
  });
});
