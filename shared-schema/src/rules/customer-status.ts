/**
 * A job's status as the customer reads it on the tracking link: words a stranded motorist
 * understands ("On the way", not "En Route"; never "EMERGENCY", which read as an alarm about
 * them) and the one next step, so the first screen says where things stand and what happens
 * now. Staff keep the statuses' own names on their screens.
 */
import type { JobStatus } from '../constants/statuses';

/** What the customer is told: the status in their words and what happens next. */
export interface CustomerStatus {
  label: string;
  next: string;
}

/** "Sam Taylor", or "Your driver" while no one is named (or both owners are). */
function who(driver: string | null | undefined): string {
  const name = driver?.trim();
  return name && name !== 'Both' ? name : 'Your driver';
}

/** The customer's words for `status`, with the next step, for a job driven by `driver`. */
export function customerStatus(status: JobStatus | string, driver?: string | null): CustomerStatus {
  const driverName = who(driver);
  switch (status) {
    case 'Emergency':
      return {
        label: 'Booked: sending a truck',
        next: 'We are sending the nearest truck. Keep your phone on: we call you if we need to.',
      };
    case 'Assigned':
      // A job opened before anyone is named on it is booked, not yet assigned.
      return driver?.trim()
        ? {
            label: 'Driver assigned',
            next: `${driverName} sets off soon. This page says when they are on the way.`,
          }
        : {
            label: 'Booked',
            next: 'We are arranging your driver. This page says when they are on the way.',
          };
    case 'Scheduled':
      return {
        label: 'Booked',
        next: `${driverName} comes at the booked time. This page says when they set off.`,
      };
    case 'En Route':
      return {
        label: 'On the way',
        next: `${driverName} is driving to you. Stay with your vehicle if it is safe to.`,
      };
    case 'In Progress':
      return {
        label: 'Driver with you',
        next: `${driverName} is working on your vehicle.`,
      };
    case 'Completed':
      return {
        label: 'Done',
        next: 'The job is complete. Thank you for calling us.',
      };
    case 'Cancelled':
      return {
        label: 'Cancelled',
        next: 'This job was cancelled. Call us if you still need help.',
      };
    default:
      return { label: status, next: 'Call us if you have any questions about this job.' };
  }
}
