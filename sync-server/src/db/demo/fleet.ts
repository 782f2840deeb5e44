/** The demo fleet (demo/fleet.json): two trucks with service, fuel, trip and expense records. */
import { divideRoundHalfUp } from '@pilbara/shared-schema';
import { mintIntegerId } from '../id-series';
import { DAY, firstName, type DemoContext } from './context';
import fleet from './fleet.json' with { type: 'json' };

export function seedFleet(ctx: DemoContext): void {
  const { db, at, dateOnly, put, drivers } = ctx;
  const vehicleIds = fleet.trucks.map((truck) => {
    const id = mintIntegerId(db, 'vehicles');
    put(db, 'vehicles', {
      id,
      ...truck.vehicle,
      status: 'active',
      serviceInterval: 10000,
      nextService: dateOnly(60 * DAY),
      lastServiceDate: dateOnly(-truck.lastServiceDaysAgo * DAY),
      engineType: 'Turbo Diesel',
      fuelType: 'Diesel',
      alerts: [],
      insuranceExpiry: dateOnly(200 * DAY),
      registrationExpiry: dateOnly(150 * DAY),
      isActive: true,
      createdAt: at(-400 * DAY),
      updatedAt: at(-40 * DAY),
    });
    return id;
  });

  fleet.trucks.forEach((truck, index) => {
    const vehicleId = vehicleIds[index];
    for (const service of truck.services) {
      put(db, 'service_records', {
        id: mintIntegerId(db, 'service_records'),
        vehicleId,
        invoiceNumber: service.invoiceNumber,
        serviceType: service.serviceType,
        description: `${service.serviceType} at the Karratha workshop`,
        servicedBy: 'Pilbara Diesel Services',
        laborCost: service.cost,
        partsCost: 0,
        totalCost: service.cost,
        mileageAtService: service.mileageAtService,
        partsReplaced: service.partsReplaced,
        workPerformed: service.serviceType,
        nextServiceDue: null,
        warranty: null,
        invoiceDate: dateOnly(-service.daysAgo * DAY),
        isPaid: true,
        notes: null,
        createdAt: at(-service.daysAgo * DAY),
      });
    }
    for (const fill of truck.fuel) {
      put(db, 'fuel_records', {
        id: mintIntegerId(db, 'fuel_records'),
        vehicleId,
        dateTime: at(-fill.daysAgo * DAY),
        location: fill.location,
        fuelType: 'Diesel',
        liters: fill.liters,
        pricePerLiter: fleet.pricePerLiter,
        totalCost: divideRoundHalfUp(fill.liters * fleet.pricePerLiter, 1000),
        odometerReading: truck.vehicle.mileage - fill.daysAgo * 60,
        fillType: 'Full',
        efficiency: null,
        driver: firstName(drivers[truck.driver] ?? drivers[0]),
        receipt: null,
        notes: null,
        createdAt: at(-fill.daysAgo * DAY),
      });
    }
  });
  const { mileage, expense } = fleet;
  put(db, 'mileage_records', {
    id: mintIntegerId(db, 'mileage_records'),
    vehicleId: vehicleIds[mileage.truck],
    dateTime: at(-mileage.daysAgo * DAY),
    startOdometer: mileage.startOdometer,
    endOdometer: mileage.endOdometer,
    distance: mileage.distance,
    purpose: mileage.purpose,
    jobId: null,
    startLocation: mileage.startLocation,
    endLocation: mileage.endLocation,
    driver: firstName(drivers[mileage.driver] ?? drivers[0]),
    notes: null,
    createdAt: at(-mileage.daysAgo * DAY),
  });
  put(db, 'fleet_expenses', {
    id: mintIntegerId(db, 'fleet_expenses'),
    vehicleId: vehicleIds[expense.truck],
    expenseType: expense.expenseType,
    description: expense.description,
    amount: expense.amount,
    vendor: expense.vendor,
    invoiceNumber: expense.invoiceNumber,
    expenseDate: dateOnly(-expense.daysAgo * DAY),
    category: expense.category,
    isPaid: expense.isPaid,
    paymentMethod: expense.paymentMethod,
    notes: null,
    createdAt: at(-expense.daysAgo * DAY),
  });
}
