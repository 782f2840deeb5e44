import { describe, expect, it } from 'vitest';
import { MESSAGES } from '@pilbara/shared-schema';
import {
  expenseArgs,
  expenseFormSchema,
  fillTime,
  fuelArgs,
  fuelFormSchema,
  numberOrUndefined,
  serviceArgs,
  serviceFormSchema,
  vehicleFormDefaults,
  vehicleFormSchema,
} from './fleet-forms';
import { vehicleAddFailureMessage } from './fleet-actions';

function messages(result: {
  success: boolean;
  error?: { issues: { path: PropertyKey[]; message: string }[] };
}) {
  return Object.fromEntries(
    (result.error?.issues ?? []).map((issue) => [issue.path.join('.'), issue.message]),
  );
}

describe('vehicle form', () => {
  it('defaults to interval 10000, Diesel, 4WD and the given year', () => {
    const defaults = vehicleFormDefaults(2026);
    expect(defaults).toMatchObject({
      serviceInterval: 10000,
      fuelType: 'Diesel',
      driveType: '4WD',
      year: 2026,
      status: 'active',
    });
  });

  it('shows the spec messages for the required fields', () => {
    const result = vehicleFormSchema.safeParse(vehicleFormDefaults(2026));
    expect(messages(result)).toMatchObject({
      registration: 'Registration is required',
      name: 'Vehicle name is required',
      make: 'Make is required',
      model: 'Model is required',
      type: 'Vehicle type is required',
    });
  });

  it('refuses a year outside 1900-2030 and a status outside the form enum', () => {
    const base = {
      ...vehicleFormDefaults(2026),
      name: 'Ute',
      make: 'Toyota',
      model: 'Hilux',
      registration: '1ABC234',
      type: 'Light Towing',
    };
    expect(vehicleFormSchema.safeParse(base).success).toBe(true);
    expect(vehicleFormSchema.safeParse({ ...base, year: 2031 }).success).toBe(false);
    expect(vehicleFormSchema.safeParse({ ...base, serviceInterval: 0 }).success).toBe(false);
    expect(vehicleFormSchema.safeParse({ ...base, status: 'Excellent' }).success).toBe(false);
  });
});

describe('fuel form', () => {
  const valid = {
    vehicleId: 3,
    liters: '80.5',
    cost: '161.00',
    kilometers: 12400,
    fuelType: 'Diesel',
    location: 'Karratha',
    fillType: 'Partial' as const,
    driver: 'Sam',
  };

  it('stores litres as thousandths and dollars as cents, with the price per litre in cents', () => {
    const values = fuelFormSchema.parse(valid);
    expect(fuelArgs(values, '2026-11-20T01:00:00.000Z')).toEqual({
      vehicleId: 3,
      dateTime: '2026-11-20T01:00:00.000Z',
      location: 'Karratha',
      fuelType: 'Diesel',
      liters: 80500,
      pricePerLiter: 200,
      totalCost: 16100,
      odometerReading: 12400,
      fillType: 'Partial',
      driver: 'Sam',
      notes: null,
    });
  });

  it('uses the entered fill time, or now when empty', () => {
    const now = new Date('2026-11-20T01:00:00.000Z');
    expect(fillTime('', now)).toBe('2026-11-20T01:00:00.000Z');
    expect(fillTime('2026-11-18T06:30:00.000Z', now)).toBe('2026-11-18T06:30:00.000Z');
    expect(fuelFormSchema.safeParse({ ...valid, filledAt: 'not a date' }).success).toBe(false);
  });

  it('shows the spec messages', () => {
    const result = fuelFormSchema.safeParse({
      ...valid,
      vehicleId: undefined,
      liters: '0.05',
      cost: '-1',
      kilometers: undefined,
      fuelType: '',
      location: ' ',
    });
    expect(messages(result)).toEqual({
      vehicleId: MESSAGES.VEHICLE_REQUIRED,
      liters: MESSAGES.LITERS_MIN,
      cost: MESSAGES.COST_MIN,
      kilometers: MESSAGES.KILOMETERS_MIN,
      fuelType: 'Fuel type is required',
      location: 'Location is required',
    });
  });
});

describe('service form', () => {
  it('sends the total in cents with labour equal to it and parts 0', () => {
    const values = serviceFormSchema.parse({
      vehicleId: 2,
      serviceType: 'Oil Change',
      description: 'Oil and filter',
      mileageAtService: 12950,
      totalCost: '289.90',
      servicedBy: 'Pilbara Diesel',
      invoiceNumber: '',
      invoiceDate: '2026-11-20',
      notes: '',
    });
    expect(serviceArgs(values)).toMatchObject({
      totalCost: 28990,
      laborCost: 28990,
      partsCost: 0,
      invoiceNumber: null,
      notes: null,
    });
  });

  it('shows the spec messages', () => {
    const result = serviceFormSchema.safeParse({
      vehicleId: 0,
      serviceType: '',
      description: '',
      mileageAtService: -1,
      totalCost: '',
      servicedBy: '',
      invoiceDate: '',
    });
    expect(messages(result)).toMatchObject({
      vehicleId: 'Vehicle is required',
      serviceType: 'Service type is required',
      description: 'Description is required',
      servicedBy: 'Serviced by is required',
      invoiceDate: 'Invoice date is required',
    });
  });
});

describe('expense form and helpers', () => {
  it('stores the amount in cents', () => {
    const values = expenseFormSchema.parse({
      vehicleId: 1,
      expenseType: 'Tyres',
      amount: '1,240.5',
      expenseDate: '2026-11-01',
    });
    expect(expenseArgs(values)).toMatchObject({
      amount: 124050,
      expenseType: 'Tyres',
      isPaid: false,
    });
  });

  it('reads empty number fields as undefined', () => {
    expect(numberOrUndefined('')).toBeUndefined();
    expect(numberOrUndefined('abc')).toBeUndefined();
    expect(numberOrUndefined(' 42 ')).toBe(42);
  });

  it('turns a duplicate key error into the registration message and keeps other reasons', () => {
    expect(vehicleAddFailureMessage('SQLITE: duplicate key value')).toBe(
      MESSAGES.REGISTRATION_EXISTS,
    );
    expect(vehicleAddFailureMessage(MESSAGES.REGISTRATION_EXISTS)).toBe(
      MESSAGES.REGISTRATION_EXISTS,
    );
    expect(vehicleAddFailureMessage('No ids left')).toBe('No ids left');
    expect(vehicleAddFailureMessage(undefined)).toBe(MESSAGES.VEHICLE_ADD_FAILED);
  });
});
