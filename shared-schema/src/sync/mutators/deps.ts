/**
 * The entity types, input schemas and business rules the mutators build on, gathered in one
 * place so each mutator module imports them from here.
 */
import { FINISHED_JOB_STATUSES, LOCATION_MULTIPLIERS, QUOTE_DEFAULTS, type JobStatus } from '../../constants';
import type { Booking } from '../../entities/booking';
import type { Job } from '../../entities/job';
import type { Quote } from '../../entities/quote';
import { addDays } from './common';

export type { Job } from '../../entities/job';
export type { Quote, QuoteItem } from '../../entities/quote';
export type { Booking } from '../../entities/booking';
export type { Vehicle } from '../../entities/vehicle';
export type { ServiceRecord } from '../../entities/service-record';
export type { FuelRecord } from '../../entities/fuel-record';
export type { MileageRecord } from '../../entities/mileage-record';
export type { FleetExpense } from '../../entities/fleet-expense';
export { createJobInputSchema, jobStatusInputSchema } from '../../api/jobs';
export { quoteInputSchema } from '../../api/quotes';
export {
  fleetExpenseInputSchema,
  fuelRecordInputSchema,
  mileageRecordInputSchema,
  serviceRecordInputSchema,
  vehicleInputSchema,
  vehicleUpdateInputSchema,
} from '../../api/fleet';

/** The job actions of the admin panel. */
export type JobAction = 'markEnRoute' | 'startService' | 'complete';

const ACTION_TARGETS: Record<JobAction, { status: JobStatus; progress: number }> = {
  markEnRoute: { status: 'En Route', progress: 25 },
  startService: { status: 'In Progress', progress: 50 },
  complete: { status: 'Completed', progress: 100 },
};

/** Whether a job in this status is finished (Completed or Cancelled). */
export function isJobFinished(status: string): boolean {
  return (FINISHED_JOB_STATUSES as readonly string[]).includes(status);
}

/** The status and progress an action leads to, or undefined when not allowed in `status`. */
export function jobActionTarget(status: string, action: JobAction): { status: JobStatus; progress: number } | undefined {
  return isJobFinished(status) ? undefined : ACTION_TARGETS[action];
}

/** Whether a job may be deleted (only when finished). */
export function canDeleteJob(status: string): boolean {
  return isJobFinished(status);
}

/** The automatic draft quote of a completed job. */
export function autoQuoteForCompletedJob(job: Job, opts: { id: string; now: string }): Quote {
  const auto = QUOTE_DEFAULTS.autoQuote;
  const total = auto.unitPriceCents * auto.quantity;
  return {
    id: opts.id,
    customerName: job.customerName,
    customerPhone: job.phone,
    customerEmail: job.email,
    vehicleType: null,
    service: job.service,
    fromLocation: job.location,
    toLocation: null,
    distance: 0,
    items: [
      { id: `${opts.id}-1`, description: job.service, quantity: auto.quantity, unitPrice: auto.unitPriceCents, total, category: 'service' },
    ],
    itemsSubtotal: total,
    basePrice: total,
    discountPercent: 0,
    discountAmount: 0,
    finalPrice: total,
    notes: `Automatic quote for job ${job.id}`,
    validUntil: addDays(opts.now, auto.validDays),
    status: 'draft',
    createdAt: opts.now,
    updatedAt: opts.now,
  };
}

/** The job an approved booking becomes. */
export function bookingToJob(booking: Booking, opts: { id: string; now: string }): Job {
  return {
    id: opts.id,
    customerName: booking.customerName,
    phone: booking.phone,
    email: booking.email || null,
    status: booking.urgency === 'emergency' ? 'Emergency' : 'Scheduled',
    service: booking.service,
    location: booking.location,
    estimatedArrival: null,
    progress: 0,
    assignedTo: null,
    notes: booking.description,
    createdAt: opts.now,
    updatedAt: opts.now,
  };
}


/** Totals of a quote from its items (cents). */
export function priceQuote(input: {
  items: { quantity: number; unitPrice: number }[];
  fromLocation: string | null;
  toLocation: string | null;
  discountPercent: number;
}) {
  const itemsSubtotal = input.items.reduce((sum, item) => sum + item.quantity * item.unitPrice, 0);
  const multiplier = Math.max(
    (input.fromLocation && LOCATION_MULTIPLIERS[input.fromLocation]) || 1,
    (input.toLocation && LOCATION_MULTIPLIERS[input.toLocation]) || 1,
  );
  const basePrice = Math.round(itemsSubtotal * multiplier);
  const discountAmount = Math.round((basePrice * input.discountPercent) / 100);
  return { itemsSubtotal, basePrice, discountAmount, finalPrice: basePrice - discountAmount };
}

const QUOTE_TRANSITIONS: Record<string, readonly string[]> = {
  draft: ['sent'],
  sent: ['accepted', 'rejected'],
  accepted: [],
  rejected: [],
  expired: [],
};

/** Whether a quote may move from one status to another. */
export function canTransitionQuote(from: string, to: string): boolean {
  return QUOTE_TRANSITIONS[from]?.includes(to) ?? false;
}

/** Whether a quote in this status may be edited. */
export function isQuoteEditable(status: string): boolean {
  return status === 'draft';
}
