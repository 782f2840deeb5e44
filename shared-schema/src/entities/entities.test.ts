import { describe, expect, it } from 'vitest';
import { ENTITY_NAMES, entitySchemas } from './index';
import { fuelRecordWireSchema } from './fuel-record';
import { jobSchema } from './job';
import { publicUserSchema, userSchema } from './user';
import { vehicleWireSchema } from './vehicle';
import { aJob, aVehicle } from '../sync/mutators/test-fixtures';

const ts = '2026-11-21T03:00:00.000Z';

describe('entity registry', () => {
  it('has one schema per table, and nothing more', () => {
    expect(Object.keys(entitySchemas).sort()).toEqual([...ENTITY_NAMES].sort());
    // The sixteen tables of the data definitions, payments and credit notes, and the
    // field record's photos, signatures and stored files, the truck's live
    // position, pre-start checks and vehicle defects, and the notices of
    // values one owner kept over the other's, the crash tow, storage yard,
    // complaints and notifiable occurrence records of WA's towing law, drivers' shift records
    // and trucks' last positions (dispatch), and accounts and price lists.
    expect(ENTITY_NAMES).toHaveLength(34);
  });
});

describe('jobs', () => {
  const job = aJob();

  it('accepts a stored job', () => {
    expect(jobSchema.parse(job)).toEqual(job);
  });

  it('rejects unknown statuses, bad ids and progress outside 0-100', () => {
    expect(jobSchema.safeParse({ ...job, status: 'Lost' }).success).toBe(false);
    expect(jobSchema.safeParse({ ...job, id: 'J-1' }).success).toBe(false);
    expect(jobSchema.safeParse({ ...job, progress: 101 }).success).toBe(false);
    expect(jobSchema.safeParse({ ...job, progress: 2.5 }).success).toBe(false);
  });
});

describe('users', () => {
  it('never exposes the password in the public shape', () => {
    const user = {
      id: 1,
      username: 'sam',
      password: 'hash',
      email: 's@example.com',
      firstName: 'Sam',
      lastName: null,
      phone: null,
      role: 'admin',
      isActive: true,
      createdAt: ts,
      updatedAt: ts,
    };
    expect(userSchema.parse(user)).toEqual(user);
    expect(publicUserSchema.parse(user)).not.toHaveProperty('password');
  });

  it('limits username to 50 characters', () => {
    const user = {
      id: 1,
      username: 'x'.repeat(51),
      password: 'h',
      email: 'e',
      firstName: 'f',
      lastName: null,
      phone: null,
      role: 'customer',
      isActive: true,
      createdAt: ts,
      updatedAt: ts,
    };
    expect(userSchema.safeParse(user).success).toBe(false);
  });
});

describe('snake_case and alias readers', () => {
  // The test truck without the three fields that also come under another name.
  const {
    serviceInterval: _interval,
    lastServiceDate: _lastService,
    specialFeatures: _features,
    ...vehicle
  } = aVehicle();

  it('reads service_interval, last_service_date and special_features', () => {
    const parsed = vehicleWireSchema.parse({
      ...vehicle,
      service_interval: 8000,
      last_service_date: '2026-10-01',
      special_features: ['Mine Site Approved'],
    });
    expect(parsed.serviceInterval).toBe(8000);
    expect(parsed.lastServiceDate).toBe('2026-10-01');
    expect(parsed.specialFeatures).toEqual(['Mine Site Approved']);
  });

  it('prefers the camelCase field when both are present', () => {
    const parsed = vehicleWireSchema.parse({
      ...vehicle,
      serviceInterval: 10000,
      service_interval: 1,
      lastServiceDate: null,
      specialFeatures: [],
    });
    expect(parsed.serviceInterval).toBe(10000);
  });

  it('reads cost and kilometers on a fuel record', () => {
    const parsed = fuelRecordWireSchema.parse({
      id: 1,
      vehicleId: 3,
      dateTime: ts,
      location: 'Karratha',
      fuelType: 'Diesel',
      liters: 50000,
      pricePerLiter: 210,
      cost: 10500,
      kilometers: 12345,
      fillType: 'Full',
      efficiency: null,
      driver: 'Sam',
      receipt: null,
      notes: null,
      createdAt: ts,
    });
    expect(parsed.totalCost).toBe(10500);
    expect(parsed.odometerReading).toBe(12345);
  });
});
