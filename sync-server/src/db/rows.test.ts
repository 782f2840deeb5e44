import { describe, expect, it } from 'vitest';
import { memoryDb as db } from '../../test/helper';
// The codec itself: `storeRow` and `removeRow` are what the change log writes synced rows with
// (the plain `putRow`, `updateRow` and `deleteRow` refuse synced tables; users are not synced).
import { countRows, findRows, getRow, removeRow, storeRow, tableColumns, updateRow } from './rows';

const stamp = '2026-11-21T10:00:00.000Z';

function vehicle(id: number, registration: string) {
  return {
    id,
    name: `Truck ${id}`,
    make: 'Isuzu',
    model: 'FVZ',
    year: 2021,
    registration,
    vin: null,
    type: 'Heavy Recovery',
    modifications: ['Winch'],
    specialFeatures: [],
    alerts: [{ type: 'rego', message: 'Rego due' }],
    isActive: true,
    createdAt: stamp,
    updatedAt: stamp,
  };
}

describe('row codec', () => {
  it('round-trips JSON and boolean columns and fills SQL defaults', () => {
    const database = db();
    const stored = storeRow(database, 'vehicles', vehicle(7, 'ABC-123'));
    expect(stored).toMatchObject({
      id: 7,
      modifications: ['Winch'],
      specialFeatures: [],
      alerts: [{ type: 'rego', message: 'Rego due' }],
      isActive: true,
      status: 'Excellent',
      serviceInterval: 10000,
      fuelType: 'Diesel',
      mileage: 0,
      vin: null,
    });
    expect(getRow(database, 'vehicles', 7)).toEqual(stored);
  });

  it('replaces the whole row on put, returning unmentioned columns to their defaults', () => {
    const database = db();
    storeRow(database, 'vehicles', { ...vehicle(1, 'A-1'), mileage: 500, status: 'active' });
    const replaced = storeRow(database, 'vehicles', vehicle(1, 'A-2'));
    expect(replaced).toMatchObject({ registration: 'A-2', mileage: 0, status: 'Excellent' });
    expect(countRows(database, 'vehicles')).toBe(1);
  });

  it('does not delete child rows when a parent is replaced', () => {
    const database = db();
    storeRow(database, 'vehicles', vehicle(1, 'A-1'));
    storeRow(database, 'fuel_records', {
      id: 1,
      vehicleId: 1,
      dateTime: stamp,
      location: 'Karratha',
      fuelType: 'Diesel',
      liters: 50000,
      totalCost: 11450,
      createdAt: stamp,
    });
    storeRow(database, 'vehicles', { ...vehicle(1, 'A-1'), mileage: 10 });
    expect(countRows(database, 'fuel_records', { vehicleId: 1 })).toBe(1);
  });

  it('finds rows by equality, null and booleans, in a stable order', () => {
    const database = db();
    storeRow(database, 'vehicles', vehicle(2, 'B'));
    storeRow(database, 'vehicles', { ...vehicle(1, 'A'), isActive: false });
    storeRow(database, 'vehicles', { ...vehicle(3, 'C'), vin: 'VIN3' });
    expect(findRows(database, 'vehicles').map((v) => v.id)).toEqual([1, 2, 3]);
    expect(findRows(database, 'vehicles', { isActive: true }).map((v) => v.id)).toEqual([2, 3]);
    expect(findRows(database, 'vehicles', { vin: null }).map((v) => v.id)).toEqual([1, 2]);
    expect(
      findRows(database, 'vehicles', {}, { orderBy: '-registration', limit: 2 }).map((v) => v.id),
    ).toEqual([3, 2]);
    expect(findRows(database, 'vehicles', {}, { limit: 1, offset: 1 }).map((v) => v.id)).toEqual([
      2,
    ]);
  });

  it('updates only the given columns', () => {
    const database = db();
    storeRow(database, 'users', {
      id: 1,
      username: 'kim',
      password: 'x',
      role: 'admin',
      isActive: true,
      createdAt: stamp,
      updatedAt: stamp,
    });
    const updated = updateRow(database, 'users', 1, { role: 'driver', isActive: false });
    expect(updated).toMatchObject({ role: 'driver', isActive: false, username: 'kim' });
    expect(updateRow(database, 'users', 404, { role: 'admin' })).toBeUndefined();
  });

  it('deletes by id and reports whether a row went', () => {
    const database = db();
    storeRow(database, 'vehicles', vehicle(1, 'A'));
    expect(removeRow(database, 'vehicles', 1)).toBe(true);
    expect(removeRow(database, 'vehicles', 1)).toBe(false);
    expect(getRow(database, 'vehicles', 1)).toBeUndefined();
  });

  it('ignores keys that are not columns on put but refuses them in queries', () => {
    const database = db();
    const stored = storeRow(database, 'vehicles', { ...vehicle(1, 'A'), derived: 'x' });
    expect(stored).not.toHaveProperty('derived');
    expect(() => findRows(database, 'vehicles', { 'id = 1 OR 1': 1 })).toThrow(/no column/);
    expect(() => updateRow(database, 'users', 1, { nope: 1 })).toThrow(/no column/);
  });

  it('keeps text ids and the quoted "to" column', () => {
    const database = db();
    storeRow(database, 'emails', {
      id: 1,
      to: 'jobs@example.com',
      subject: 'Hi',
      htmlContent: '<p>Hi</p>',
      customerInfo: {
        name: 'A',
        phone: '1',
        email: 'a@example.com',
        service: 'Other',
        message: 'm',
      },
      timestamp: stamp,
    });
    expect(getRow(database, 'emails', 1)).toMatchObject({ to: 'jobs@example.com', sent: false });
    expect(tableColumns(database, 'emails')).toContain('to');
  });

  it('enforces the unique columns', () => {
    const database = db();
    storeRow(database, 'vehicles', vehicle(1, 'SAME'));
    expect(() => storeRow(database, 'vehicles', vehicle(2, 'SAME'))).toThrow(/UNIQUE/);
  });
});
