/** A vehicle for the fleet tests: the shared test truck as a recovery 4x4, the test's own on top. */
import type { Vehicle } from '@pilbara/shared-schema';
import { aVehicle } from '@pilbara/shared-schema/testing';

export function testVehicle(
  overrides: Partial<Vehicle> & Pick<Vehicle, 'id' | 'registration' | 'createdAt'>,
): Vehicle {
  return aVehicle({
    make: 'Toyota',
    model: 'LandCruiser',
    year: 2022,
    vin: null,
    type: '4x4 Recovery',
    status: 'Excellent',
    mileage: 40000,
    lastServiceDate: null,
    updatedAt: overrides.createdAt,
    ...overrides,
  });
}
