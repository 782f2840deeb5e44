/**
 * The entity types, input schemas and business rules the mutators build on, gathered in one
 * place so each mutator module imports them from here.
 */
import { z } from 'zod';
import { MESSAGES } from '../../messages';
import { FINISHED_JOB_STATUSES, LOCATION_MULTIPLIERS, QUOTE_DEFAULTS, type JobStatus } from '../../constants';
import type { Job } from '../../entities/job';
import { addDays } from './common';

export type { Job } from '../../entities/job';
export type { Booking } from '../../entities/booking';

/** Admin create-job form. */
export const createJobInputSchema = z.object({
  customerName: z.string().trim().min(1, MESSAGES.CUSTOMER_NAME_REQUIRED).max(100),
  phone: z.string().trim().min(1, MESSAGES.PHONE_REQUIRED).max(20),
  email: z.union([z.email(MESSAGES.EMAIL_INVALID), z.literal('')]).nullish().transform((v) => v || null),
  service: z.string().trim().min(1, MESSAGES.SERVICE_REQUIRED).max(100),
  location: z.string().trim().min(1, MESSAGES.LOCATION_REQUIRED).max(255),
  estimatedArrival: z.string().max(100).nullish().transform((v) => v || null),
  assignedTo: z.string().max(100).nullish().transform((v) => v || null),
  notes: z.string().max(2000).nullish().transform((v) => v || null),
});

/** Free job fields a `job.update` may change. */
export const updateJobFieldsSchema = createJobInputSchema.partial();

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
export function autoQuoteForCompletedJob(job: Job, opts: { id: string; now: string }) {
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
export function bookingToJob(booking: import('../../entities/booking').Booking, opts: { id: string; now: string }): Job {
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

export type { Quote, QuoteItem } from '../../entities/quote';

/** A quote item as a form sends it; its total is computed, never trusted. */
export const quoteItemInputSchema = z.object({
  id: z.string().min(1).max(64).optional(),
  description: z.string().trim().min(1, MESSAGES.QUOTE_ITEM_DETAILS).max(200),
  quantity: z.number().int().min(1, MESSAGES.QUANTITY_MIN).max(100000),
  unitPrice: z.number().int().min(1, MESSAGES.QUOTE_ITEM_DETAILS).max(100_000_000),
  category: z.enum(['service', 'parts', 'misc']),
});

/** The quote form's body. */
export const quoteInputSchema = z.object({
  customerName: z.string().trim().min(1, MESSAGES.QUOTE_CUSTOMER_REQUIRED).max(100),
  customerPhone: z.string().trim().min(1, MESSAGES.QUOTE_CUSTOMER_REQUIRED).max(20),
  customerEmail: z.union([z.email(MESSAGES.EMAIL_INVALID), z.literal('')]).nullish().transform((v) => v || null),
  vehicleType: z.string().max(100).nullish().transform((v) => v || null),
  service: z.string().max(100).nullish().transform((v) => v || null),
  fromLocation: z.string().max(100).nullish().transform((v) => v || null),
  toLocation: z.string().max(100).nullish().transform((v) => v || null),
  distance: z.number().min(0, MESSAGES.DISTANCE_MIN).max(100000).default(0),
  notes: z.string().max(2000).nullish().transform((v) => v || null),
  discountPercent: z.number().int().min(0, MESSAGES.DISCOUNT_RANGE).max(100, MESSAGES.DISCOUNT_RANGE).default(0),
  validDays: z.number().int().min(1, MESSAGES.VALID_DAYS_MIN).max(365).optional(),
  validUntil: z.iso.datetime({ offset: true }).optional(),
  items: z.array(quoteItemInputSchema).min(1, MESSAGES.QUOTE_ITEMS_REQUIRED).max(200),
});

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

export type { Vehicle } from '../../entities/vehicle';
export type { ServiceRecord } from '../../entities/service-record';
export type { FuelRecord } from '../../entities/fuel-record';
export type { MileageRecord } from '../../entities/mileage-record';
export type { FleetExpense } from '../../entities/fleet-expense';

const optionalText = (max: number) => z.string().max(max).nullish().transform((v) => v || null);

/** The Add Vehicle form's body. */
export const vehicleInputSchema = z.object({
  name: z.string().trim().min(1, MESSAGES.VEHICLE_NAME_REQUIRED).max(100),
  make: z.string().trim().min(1, MESSAGES.MAKE_REQUIRED).max(50),
  model: z.string().trim().min(1, MESSAGES.MODEL_REQUIRED).max(50),
  year: z.number().int().min(1900, MESSAGES.YEAR_RANGE).max(2030, MESSAGES.YEAR_RANGE),
  registration: z.string().trim().min(1, MESSAGES.REGISTRATION_REQUIRED).max(20),
  vin: optionalText(50),
  type: z.string().trim().min(1, MESSAGES.VEHICLE_TYPE_REQUIRED).max(50),
  status: z.string().max(20).default('Excellent'),
  mileage: z.number().int().min(0, MESSAGES.MILEAGE_MIN).default(0),
  serviceInterval: z.number().int().min(1, MESSAGES.SERVICE_INTERVAL_MIN).default(10000),
  fuelType: z.string().max(20).default('Diesel'),
  driveType: optionalText(20),
  modifications: z.array(z.string().max(100)).max(200).default([]),
  specialFeatures: z.array(z.string().max(100)).max(100).default([]),
  isActive: z.boolean().default(true),
});

/** The service record form's body. */
export const serviceRecordInputSchema = z.object({
  vehicleId: z.number({ error: MESSAGES.VEHICLE_REQUIRED }).int().min(1, MESSAGES.VEHICLE_REQUIRED),
  serviceType: z.string().trim().min(1, MESSAGES.SERVICE_TYPE_REQUIRED).max(50),
  description: z.string().trim().min(1, MESSAGES.DESCRIPTION_REQUIRED).max(2000),
  mileageAtService: z.number().int().min(0, MESSAGES.MILEAGE_MIN),
  totalCost: z.number().int().min(0, MESSAGES.COST_MIN),
  laborCost: z.number().int().min(0, MESSAGES.COST_MIN).optional(),
  partsCost: z.number().int().min(0, MESSAGES.COST_MIN).default(0),
  servicedBy: z.string().trim().min(1, MESSAGES.SERVICED_BY_REQUIRED).max(100),
  invoiceNumber: optionalText(50),
  invoiceDate: z.string().min(1, MESSAGES.INVOICE_DATE_REQUIRED).max(40),
  isPaid: z.boolean().default(false),
  notes: optionalText(2000),
});

/** The fuel form's body. */
export const fuelRecordInputSchema = z.object({
  vehicleId: z.number({ error: MESSAGES.VEHICLE_REQUIRED }).int().min(1, MESSAGES.VEHICLE_REQUIRED),
  dateTime: z.iso.datetime({ offset: true }),
  location: z.string().trim().min(1, MESSAGES.LOCATION_REQUIRED).max(100),
  fuelType: z.string().trim().min(1, MESSAGES.FUEL_TYPE_REQUIRED).max(20),
  liters: z.number().int().min(100, MESSAGES.LITERS_MIN),
  pricePerLiter: z.number().int().min(0, MESSAGES.COST_MIN),
  totalCost: z.number().int().min(0, MESSAGES.COST_MIN),
  odometerReading: z.number().int().min(0, MESSAGES.KILOMETERS_MIN),
  fillType: z.enum(['Full', 'Partial']).default('Full'),
  driver: optionalText(100),
  notes: optionalText(2000),
});

/** A mileage (trip) record's body. */
export const mileageRecordInputSchema = z.object({
  vehicleId: z.number({ error: MESSAGES.VEHICLE_REQUIRED }).int().min(1, MESSAGES.VEHICLE_REQUIRED),
  dateTime: z.iso.datetime({ offset: true }),
  startOdometer: z.number().int().min(0, MESSAGES.KILOMETERS_MIN),
  endOdometer: z.number().int().min(0, MESSAGES.KILOMETERS_MIN),
  purpose: optionalText(200),
  jobId: optionalText(40),
  startLocation: optionalText(100),
  endLocation: optionalText(100),
  driver: optionalText(100),
  notes: optionalText(2000),
});

/** A fleet expense's body. */
export const fleetExpenseInputSchema = z.object({
  vehicleId: z.number({ error: MESSAGES.VEHICLE_REQUIRED }).int().min(1, MESSAGES.VEHICLE_REQUIRED),
  expenseType: z.string().trim().min(1, MESSAGES.EXPENSE_TYPE_REQUIRED).max(50),
  description: optionalText(2000),
  amount: z.number().int().min(0, MESSAGES.AMOUNT_MIN),
  vendor: optionalText(100),
  invoiceNumber: optionalText(50),
  expenseDate: z.string().min(1, MESSAGES.DATE_REQUIRED).max(40),
  category: optionalText(50),
  isPaid: z.boolean().default(false),
  paymentMethod: optionalText(50),
  notes: optionalText(2000),
});
