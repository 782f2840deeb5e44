/** A vehicle for the fleet tests: every field a stored row has, the test's own on top. */
import type { Vehicle } from '@pilbara/shared-schema';

export function testVehicle(
  overrides: Partial<Vehicle> & Pick<Vehicle, 'id' | 'registration' | 'createdAt'>,
): Vehicle {
  return {
    name: 'Big Red',
    make: 'Toyota',
    model: 'LandCruiser',
    year: 2022,
    vin: null,
    type: '4x4 Recovery',
    status: 'Excellent',
    mileage: 40000,
    serviceInterval: 10000,
    nextService: null,
    lastServiceDate: null,
    engineType: null,
    engineSize: null,
    fuelType: 'Diesel',
    transmission: null,
    driveType: '4WD',
    modifications: [],
    specialFeatures: [],
    towingCapacity: null,
    gvm: null,
    alerts: [],
    description: null,
    insuranceExpiry: null,
    registrationExpiry: null,
    isActive: true,
    updatedAt: overrides.createdAt,
    ...overrides,
  };
}
