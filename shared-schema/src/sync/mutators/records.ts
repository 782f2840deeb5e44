/**
 * Fleet record mutators: service, fuel, mileage and expense records of a vehicle. A record whose
 * odometer is above the vehicle's mileage moves the vehicle's mileage up with it, and a service
 * record moves the vehicle's last service date forward, so the service-due figures follow.
 */
import { MESSAGES } from '../../messages';
import { defineMutator, occurredAt, put, readMany, readOne, reject, succeed } from '../mutator';
import type { MutationContext, RowChange, Row } from '../mutator';
import { leasedIdSchema } from './common';
import { closeDefects, defectReads, openDefectsRead } from './prestart';
import {
  fleetExpenseInputSchema,
  fuelRecordInputSchema,
  mileageRecordInputSchema,
  serviceRecordInputSchema,
  type FleetExpense,
  type FuelRecord,
  type MileageRecord,
  type ServiceRecord,
  type Vehicle,
} from './deps';

const VEHICLE_KEY = 'vehicle';
const RECORD_KEY = 'record';

function recordReads(
  entity: 'service_records' | 'fuel_records' | 'mileage_records' | 'fleet_expenses',
) {
  return (args: { id: number; vehicleId: number }) => [
    { key: RECORD_KEY, entity, id: args.id },
    { key: VEHICLE_KEY, entity: 'vehicles' as const, id: args.vehicleId },
  ];
}

/** The vehicle with its mileage raised to `odometer` if that is higher, or nothing to write. */
function raiseMileage(ctx: MutationContext, vehicle: Vehicle, odometer: number): RowChange[] {
  if (odometer <= vehicle.mileage) return [];
  return [put('vehicles', { ...vehicle, mileage: odometer, updatedAt: ctx.now } as Row)];
}

/**
 * `service.add`: a workshop service of a vehicle. Labour defaults to the total, as the form sends.
 * The open defects it lists in `resolvesDefects` are closed by it in the same step, linked to
 * the record; one that cannot be closed refuses the whole step, so nothing is half kept.
 */
export const serviceAdd = defineMutator({
  name: 'service.add',
  argsSchema: serviceRecordInputSchema.extend({ id: leasedIdSchema }),
  reads: (args) => [
    ...recordReads('service_records')(args),
    ...(args.invoiceNumber
      ? [
          {
            key: 'sameInvoice',
            entity: 'service_records' as const,
            where: { invoiceNumber: args.invoiceNumber },
          },
        ]
      : []),
    ...(args.resolvesDefects?.length
      ? [...defectReads(args.resolvesDefects), openDefectsRead(args.vehicleId)]
      : []),
  ],
  apply(ctx, args) {
    if (readOne(ctx, RECORD_KEY))
      return reject('conflict', `Service record ${args.id} already exists`, 'id');
    const vehicle = readOne<Vehicle>(ctx, VEHICLE_KEY);
    if (!vehicle) return reject('not_found', MESSAGES.VEHICLE_REQUIRED, 'vehicleId');
    if (readMany(ctx, 'sameInvoice').length > 0) {
      return reject(
        'conflict',
        `Invoice number ${args.invoiceNumber} is already recorded`,
        'invoiceNumber',
      );
    }
    const { resolvesDefects = [], ...fields } = args;
    const closed = closeDefects(
      ctx,
      vehicle,
      resolvesDefects,
      { resolution: 'service', serviceRecordId: args.id, note: null },
      'resolvesDefects',
    );
    if (!closed.ok) return closed;
    const record: ServiceRecord = {
      ...fields,
      laborCost: args.laborCost ?? args.totalCost,
      partsCost: args.partsCost ?? 0,
      createdAt: ctx.now,
    };
    const laterService =
      vehicle.lastServiceDate === null || record.invoiceDate > vehicle.lastServiceDate;
    const updatedVehicle: Vehicle = {
      ...vehicle,
      status: closed.status,
      mileage: Math.max(vehicle.mileage, record.mileageAtService),
      lastServiceDate: laterService ? record.invoiceDate : vehicle.lastServiceDate,
      // The next service date goes onto the vehicle (its reminder) in the same step:
      // as a second mutation a driver could not run it, and it could fail alone.
      // Only from the latest service: an older record entered late does not move it back.
      nextService:
        laterService && record.nextServiceDue ? record.nextServiceDue : vehicle.nextService,
      updatedAt: ctx.now,
    };
    return succeed(
      [
        put('service_records', record as Row),
        put('vehicles', updatedVehicle as Row),
        ...closed.defects.map((defect) => put('vehicle_defects', defect as Row)),
      ],
      { record, defects: closed.defects },
    );
  },
});

/** `fuel.add`: a fuel receipt of a vehicle. */
export const fuelAdd = defineMutator({
  name: 'fuel.add',
  argsSchema: fuelRecordInputSchema.extend({ id: leasedIdSchema }),
  reads: recordReads('fuel_records'),
  apply(ctx, args) {
    if (readOne(ctx, RECORD_KEY))
      return reject('conflict', `Fuel record ${args.id} already exists`, 'id');
    const vehicle = readOne<Vehicle>(ctx, VEHICLE_KEY);
    if (!vehicle) return reject('not_found', MESSAGES.VEHICLE_REQUIRED, 'vehicleId');
    const record: FuelRecord = {
      efficiency: null,
      ...args,
      dateTime: args.dateTime ?? occurredAt(ctx),
      createdAt: ctx.now,
    };
    return succeed(
      [put('fuel_records', record as Row), ...raiseMileage(ctx, vehicle, record.odometerReading)],
      {
        record,
      },
    );
  },
});

/** `mileage.add`: a trip of a vehicle; the distance is the odometer difference. */
export const mileageAdd = defineMutator({
  name: 'mileage.add',
  // The input schema carries the odometer-order refinement, so it is extended with safeExtend.
  argsSchema: mileageRecordInputSchema.safeExtend({ id: leasedIdSchema }),
  reads: recordReads('mileage_records'),
  apply(ctx, args) {
    if (readOne(ctx, RECORD_KEY))
      return reject('conflict', `Mileage record ${args.id} already exists`, 'id');
    const vehicle = readOne<Vehicle>(ctx, VEHICLE_KEY);
    if (!vehicle) return reject('not_found', MESSAGES.VEHICLE_REQUIRED, 'vehicleId');
    const record: MileageRecord = {
      ...args,
      dateTime: args.dateTime ?? occurredAt(ctx),
      jobId: args.jobId ?? null,
      distance: args.endOdometer - args.startOdometer,
      createdAt: ctx.now,
    };
    return succeed(
      [put('mileage_records', record as Row), ...raiseMileage(ctx, vehicle, record.endOdometer)],
      {
        record,
      },
    );
  },
});

/** `expense.add`: any other cost of a vehicle. */
export const expenseAdd = defineMutator({
  name: 'expense.add',
  argsSchema: fleetExpenseInputSchema.extend({ id: leasedIdSchema }),
  reads: recordReads('fleet_expenses'),
  apply(ctx, args) {
    if (readOne(ctx, RECORD_KEY))
      return reject('conflict', `Expense ${args.id} already exists`, 'id');
    if (!readOne<Vehicle>(ctx, VEHICLE_KEY))
      return reject('not_found', MESSAGES.VEHICLE_REQUIRED, 'vehicleId');
    const record: FleetExpense = {
      ...args,
      createdAt: ctx.now,
    };
    return succeed([put('fleet_expenses', record as Row)], { record });
  },
});
