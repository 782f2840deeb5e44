/**
 * Test support: the arguments of the fleet and quote mutators for one plausible case each, shared
 * by the mutator unit tests and (through src/testing.ts) the server's and devices' tests, so each
 * test states only what it changes.
 */

/** The fields a new job needs and nothing more: a customer, a phone, a service and a place. */
export const NEW_JOB = {
  customerName: 'Jo',
  phone: '0400 123 456',
  service: '4x4 Recovery',
  location: 'Karratha',
} as const;

/** A second truck beside aVehicle: its own name and plate, for adding to a fleet that has one. */
export const LITTLE_BLUE = {
  name: 'Little Blue',
  make: 'Toyota',
  model: 'LandCruiser 79',
  year: 2023,
  registration: '1XYZ789',
  type: '4x4 Recovery',
} as const;

/** The arguments of `fuel.add` for a full tank of the test truck: 80 L of diesel at $2.15. */
export function fuelAddArgs(
  overrides: { id?: number; vehicleId?: number; odometerReading?: number } = {},
) {
  return {
    vehicleId: 1,
    location: 'Karratha',
    fuelType: 'Diesel',
    liters: 80_000,
    pricePerLiter: 215,
    totalCost: 17_200,
    odometerReading: 1000,
    ...overrides,
  };
}

/** The arguments of `service.add` for an oil change of the test truck: $450, all of it labour. */
export function serviceAddArgs(overrides: { id?: number; invoiceNumber?: string | null } = {}) {
  return {
    vehicleId: 1,
    serviceType: 'Oil Change',
    description: '15W-40 and filters',
    mileageAtService: 52000,
    totalCost: 45000,
    servicedBy: 'Pilbara Diesel',
    invoiceNumber: null,
    invoiceDate: '2026-11-20',
    notes: null,
    partsCost: 0,
    isPaid: false,
    ...overrides,
  };
}

/** The arguments of `mileage.add` for a 240 km trip of the test truck. */
export function mileageAddArgs(overrides: { id?: number } = {}) {
  return {
    vehicleId: 1,
    startOdometer: 50000,
    endOdometer: 50240,
    purpose: 'Recovery at Pannawonica',
    ...overrides,
  };
}

/** The arguments of `expense.add` for the test truck's $1,250 registration. */
export function expenseAddArgs(overrides: { id?: number } = {}) {
  return {
    vehicleId: 1,
    expenseType: 'Registration',
    amount: 125000,
    expenseDate: '2026-11-01',
    ...overrides,
  };
}

/**
 * The arguments of `quote.save` for the Karratha → Tom Price recovery: $270 of items × 1.4, less
 * 10 % = $340.20.
 */
export function quoteSaveArgs() {
  return {
    customerName: 'Jordan Reid',
    customerPhone: '0411 222 333',
    customerEmail: 'jordan@example.com',
    vehicleType: 'Toyota LandCruiser 79',
    service: '4x4 Recovery',
    fromLocation: 'Karratha',
    toLocation: 'Tom Price',
    distance: 340,
    notes: 'Bogged on the access road past the mine gate.',
    discountPercent: 10,
    validDays: 14,
    items: [
      { description: 'Emergency Towing', quantity: 1, unitPrice: 18000, category: 'service' },
      { description: 'Tow Strap Heavy Duty', quantity: 2, unitPrice: 4500, category: 'parts' },
    ],
  } as const;
}
