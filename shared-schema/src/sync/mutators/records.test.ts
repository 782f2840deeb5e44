import { describe, expect, it } from 'vitest';
import { expenseAddArgs, fuelAddArgs, mileageAddArgs, serviceAddArgs } from './test-args';
import { NOW, aVehicle, ok, rejected, row, tables } from './test-fixtures';

const fleet = tables({ vehicles: [aVehicle()] });

/** One test per case: `name` refuses `args` with the case's patch, with the spec's message. */
function rejectsEach(name: string, args: object, cases: [object, string][]): void {
  it.each(cases)('rejects %o with the spec message', (patch, message) => {
    expect(rejected(fleet, name, { ...args, ...patch }).message).toBe(message);
  });
}

describe('service.add', () => {
  const args = serviceAddArgs({ id: 10, invoiceNumber: 'PD-1001' });

  it('records the service, labour equal to the total, and moves the vehicle on', () => {
    const result = ok(fleet, 'service.add', args);
    expect(row(result.tables, 'service_records', 10)).toMatchObject({
      laborCost: 45000,
      partsCost: 0,
      totalCost: 45000,
      createdAt: NOW,
    });
    expect(row(result.tables, 'vehicles', 1)).toMatchObject({
      mileage: 52000,
      lastServiceDate: '2026-11-20',
    });
  });

  it('puts the next service date on the vehicle in the same step', () => {
    const result = ok(fleet, 'service.add', { ...args, nextServiceDue: '2027-05-20' });
    expect(row(result.tables, 'service_records', 10)).toMatchObject({
      nextServiceDue: '2027-05-20',
    });
    expect(row(result.tables, 'vehicles', 1)).toMatchObject({ nextService: '2027-05-20' });
    // An older service entered late does not move the reminder back.
    const later = ok(result.tables, 'service.add', {
      ...args,
      id: 11,
      invoiceNumber: 'PD-0900',
      invoiceDate: '2026-06-01',
      nextServiceDue: '2026-12-01',
    });
    expect(row(later.tables, 'vehicles', 1)).toMatchObject({ nextService: '2027-05-20' });
  });

  it('rejects an unknown vehicle and a repeated invoice number', () => {
    expect(rejected(tables({}), 'service.add', args).message).toBe('Vehicle is required');
    const once = ok(fleet, 'service.add', args).tables;
    expect(rejected(once, 'service.add', { ...args, id: 11 }).field).toBe('invoiceNumber');
  });

  rejectsEach('service.add', args, [
    [{ serviceType: '' }, 'Service type is required'],
    [{ totalCost: -1 }, 'Cost cannot be negative'],
    [{ servicedBy: '' }, 'Serviced by is required'],
  ]);
});

describe('fuel.add', () => {
  const args = fuelAddArgs({ id: 20, odometerReading: 50500 });

  it('records the fill at the server time and raises the odometer', () => {
    const result = ok(fleet, 'fuel.add', args);
    expect(row(result.tables, 'fuel_records', 20)).toMatchObject({
      liters: 80_000,
      fillType: 'Full',
      dateTime: NOW,
      notes: null,
    });
    expect(row(result.tables, 'vehicles', 1)).toMatchObject({ mileage: 50500 });
  });

  it('leaves the mileage alone for an older odometer reading', () => {
    const result = ok(fleet, 'fuel.add', { ...args, odometerReading: 100 });
    expect(result.changes.map((change) => change.entity)).toEqual(['fuel_records']);
  });

  it('rejects an unknown vehicle', () => {
    expect(rejected(tables({}), 'fuel.add', args).message).toBe('Vehicle is required');
  });

  rejectsEach('fuel.add', args, [
    [{ liters: 50 }, 'Litres must be at least 0.1'],
    [{ location: '' }, 'Location is required'],
    [{ fuelType: '' }, 'Fuel type is required'],
  ]);
});

describe('mileage.add', () => {
  const args = mileageAddArgs({ id: 30 });

  it('computes the distance and raises the odometer', () => {
    const result = ok(fleet, 'mileage.add', args);
    expect(row(result.tables, 'mileage_records', 30)).toMatchObject({
      distance: 240,
      dateTime: NOW,
      jobId: null,
    });
    expect(row(result.tables, 'vehicles', 1)).toMatchObject({ mileage: 50240 });
  });

  it('rejects an end odometer below the start and an unknown vehicle', () => {
    expect(rejected(fleet, 'mileage.add', { ...args, endOdometer: 1 }).message).toBe(
      'End odometer must not be below start odometer',
    );
    expect(rejected(tables({}), 'mileage.add', args).code).toBe('not_found');
  });
});

describe('expense.add', () => {
  const args = expenseAddArgs({ id: 40 });

  it('records the expense', () => {
    const result = ok(fleet, 'expense.add', args);
    expect(row(result.tables, 'fleet_expenses', 40)).toMatchObject({
      amount: 125000,
      isPaid: false,
      createdAt: NOW,
    });
  });

  rejectsEach('expense.add', args, [
    [{ amount: -5 }, 'Amount cannot be negative'],
    [{ expenseType: '' }, 'Expense type is required'],
  ]);

  it('rejects an unknown vehicle', () => {
    expect(rejected(tables({}), 'expense.add', args).message).toBe('Vehicle is required');
  });
});
