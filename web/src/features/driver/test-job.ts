/** A driver's job for the driver screen's tests: assigned to Sam, made now, unless overridden. */
import type { Job } from '@pilbara/shared-schema';

/** Sam's account (the signed-in driver of the tests), and another driver's. */
export const SAM_ID = 2;
export const ALEX_ID = 3;

export function testJob(
  overrides: Partial<Job> & Pick<Job, 'id' | 'customerName'>,
  now = new Date().toISOString(),
): Job {
  return {
    phone: '0412 345 678',
    email: null,
    status: 'Assigned',
    service: 'Emergency Towing',
    location: 'Dampier Highway, Karratha',
    estimatedArrival: null,
    progress: 0,
    assignedTo: 'Sam',
    assignedDriverId: SAM_ID,
    notes: null,
    trackingToken: null,
    createdAt: now,
    updatedAt: now,
    ...overrides,
  };
}
