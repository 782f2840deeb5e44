import { describe, expect, it } from 'vitest';
import type { Booking, DriverShiftEvent, Job, Vehicle } from '@pilbara/shared-schema';
import {
  assignmentWarnings,
  boardDrivers,
  boardTrucks,
  truckCandidates,
  waitingWork,
} from './board-model';

const NOW = new Date('2026-12-07T08:00:00.000Z');

function job(fields: Partial<Job>): Job {
  return {
    id: 'JOB-2026-1',
    number: 'JOB-2026-1',
    customerName: 'Robin Hale',
    phone: '0411222333',
    email: null,
    status: 'Assigned',
    service: 'Winch Recovery',
    location: 'GPS -20.77810, 117.14560 (Roebourne)',
    estimatedArrival: null,
    progress: 0,
    assignedTo: null,
    notes: null,
    vehicleId: null,
    trackingToken: null,
    createdAt: NOW.toISOString(),
    updatedAt: NOW.toISOString(),
    ...fields,
  };
}

function vehicle(id: number, name: string, type: string, modifications: string[]): Vehicle {
  return {
    id,
    name,
    make: 'Isuzu',
    model: 'NPR',
    year: 2022,
    registration: `R${id}`,
    vin: null,
    type,
    status: 'active',
    mileage: 0,
    serviceInterval: 10000,
    nextService: null,
    lastServiceDate: null,
    engineType: null,
    engineSize: null,
    fuelType: 'Diesel',
    transmission: null,
    driveType: null,
    modifications,
    specialFeatures: [],
    towingCapacity: null,
    gvm: null,
    alerts: [],
    description: null,
    insuranceExpiry: null,
    registrationExpiry: null,
    isActive: true,
    createdAt: NOW.toISOString(),
    updatedAt: NOW.toISOString(),
  };
}

describe('the dispatch board’s model', () => {
  const vehicles = [
    vehicle(1, 'Tilt Tray 1', 'Flatbed', []),
    vehicle(2, 'Heavy 2', 'Heavy Recovery', ['Hydraulic Winch']),
  ];

  it('lists jobs without a driver or truck and pending bookings, with their needs', () => {
    const jobs = [
      job({}),
      job({ id: 'JOB-2026-2', assignedTo: 'Sam Taylor', vehicleId: 2 }),
      job({ id: 'JOB-2026-3', status: 'Completed' }),
    ];
    const bookings = [
      {
        id: 'BKG-2026-1',
        status: 'pending',
        service: '4x4 Recovery',
        location: 'Karratha',
        customerName: 'Lee',
      },
    ] as Booking[];
    const waiting = waitingWork(jobs, bookings);
    expect(waiting.map((item) => [item.id, item.needs])).toEqual([
      ['JOB-2026-1', ['winch']],
      ['BKG-2026-1', ['fourWheelDrive', 'winch']],
    ]);
  });

  it('puts the trucks that have what the job needs first, and warns about the others', () => {
    const [item] = waitingWork([job({})], []);
    const candidates = truckCandidates(boardTrucks(vehicles, [], []), item!);
    expect(candidates.map((c) => c.vehicle.name)).toEqual(['Heavy 2', 'Tilt Tray 1']);
    expect(candidates[0]!.estimate).toMatchObject({ fromDepot: true, minutes: 27 });
    expect(assignmentWarnings(candidates[1]!, null, null)).toEqual([
      'Tilt Tray 1 lacks a winch, which this job needs',
    ]);
    expect(assignmentWarnings(candidates[0]!, null, 'Not inducted for the site')).toEqual([
      'Not inducted for the site',
    ]);
  });

  it('warns that a driver 16 h into a shift would pass the 17 h limit', () => {
    const events: DriverShiftEvent[] = [
      {
        id: 1,
        userId: 7,
        userName: 'Dana Reid',
        kind: 'shift_start',
        at: new Date(NOW.getTime() - 16 * 3_600_000).toISOString(),
        createdAt: NOW.toISOString(),
      },
    ];
    const [row] = boardDrivers([{ id: 7, name: 'Dana Reid' }], events, [], NOW);
    expect(row).toMatchObject({ state: 'working', weekMinutes: 16 * 60 });
    const [item] = waitingWork([job({})], []);
    const [truck] = truckCandidates(boardTrucks(vehicles, [], []), item!);
    expect(assignmentWarnings(truck!, row!, null)).toEqual([
      'Dana Reid would pass a fatigue limit on this job (about 1 h 54 min of work, 1 h left): No more than 17 h between rests of 7 h',
    ]);
  });

  it("counts a driver's jobs by account, so two drivers of one name keep their own", () => {
    const drivers = [
      { id: 7, name: 'Sam Taylor' },
      { id: 8, name: 'Sam Taylor' },
    ];
    const jobs = [
      job({ id: 'JOB-2026-1', assignedTo: 'Sam Taylor', assignedDriverId: 7, status: 'En Route' }),
      job({ id: 'JOB-2026-2', assignedTo: 'Sam Taylor', assignedDriverId: 7 }),
      job({ id: 'JOB-2026-3', assignedTo: 'Sam Taylor', assignedDriverId: 8, status: 'Completed' }),
    ];
    expect(boardDrivers(drivers, [], jobs, NOW).map((row) => row.activeJobs)).toEqual([2, 0]);
    // A job named by hand, with no account on it, goes by the name.
    const named = [job({ id: 'JOB-2026-4', assignedTo: 'Dana Reid' })];
    expect(boardDrivers([{ id: 9, name: 'Dana Reid' }], [], named, NOW)[0]!.activeJobs).toBe(1);
  });
});
