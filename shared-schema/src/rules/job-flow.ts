/**
 * Job status flow of the admin panel (spec staff §4).
 *
 * Actions move a job forward only. The spec disables Mark En Route, Start Service, Complete Job and
 * reassignment once a job is Completed or Cancelled; among active statuses this product also keeps
 * the buttons from moving a job backwards:
 *
 * | from \ action          | markEnRoute | startService | complete | reassign |
 * |------------------------|-------------|--------------|----------|----------|
 * | Assigned, Scheduled, Emergency | yes | yes          | yes      | yes      |
 * | En Route               | no          | yes          | yes      | yes      |
 * | In Progress            | no          | no           | yes      | yes      |
 * | Completed, Cancelled   | no          | no           | no       | no       |
 *
 * Start Service may skip En Route (the mechanic is often already on site); Complete Job may be
 * pressed from any active status. Delete is the reverse: only finished jobs may be deleted.
 */
import { documentNumber } from './document-number';
import { QUOTE_DEFAULTS } from '../constants/quotes';
import { FINISHED_JOB_STATUSES, type JobStatus } from '../constants/statuses';
import type { Job } from '../entities/job';
import type { Quote } from '../entities/quote';
import { addDaysIso } from './dates';
import { priceQuote } from './pricing';
import { BUILT_IN_PRICES, PRICE_KEYS, priceCents, type PriceTable } from './price-list';

/** The job actions of the admin panel. */
export type JobAction = 'markEnRoute' | 'startService' | 'complete' | 'reassign';

/** Every job action. */
export const JOB_ACTIONS: readonly JobAction[] = [
  'markEnRoute',
  'startService',
  'complete',
  'reassign',
];

/** Progress each stage sets (spec staff §9: 25, 50, 100). */
export const PROGRESS_VALUES = { enRoute: 25, inProgress: 50, completed: 100 } as const;

/** The status and progress each status-changing action sets. */
export const JOB_ACTION_TARGETS = {
  markEnRoute: { status: 'En Route', progress: PROGRESS_VALUES.enRoute },
  startService: { status: 'In Progress', progress: PROGRESS_VALUES.inProgress },
  complete: { status: 'Completed', progress: PROGRESS_VALUES.completed },
} as const satisfies Record<
  Exclude<JobAction, 'reassign'>,
  { status: JobStatus; progress: number }
>;

/** Whether a status is active (anything that is not Completed or Cancelled; unknown text counts as active). */
export function isActiveStatus(status: string): boolean {
  return !isFinishedStatus(status);
}

/** Whether a status is finished (Completed or Cancelled). */
export function isFinishedStatus(status: string): boolean {
  return (FINISHED_JOB_STATUSES as readonly string[]).includes(status);
}

const BEFORE_EN_ROUTE: readonly string[] = ['Assigned', 'Scheduled', 'Emergency'];

/** Whether an action is offered for a job in `status` (see the table at the top of this module). */
export function isJobActionAllowed(status: string, action: JobAction): boolean {
  if (isFinishedStatus(status)) return false;
  switch (action) {
    case 'markEnRoute':
      return BEFORE_EN_ROUTE.includes(status);
    case 'startService':
      return BEFORE_EN_ROUTE.includes(status) || status === 'En Route';
    case 'complete':
    case 'reassign':
      return true;
  }
}

/** The actions offered for a job in `status`. */
export function allowedJobActions(status: string): JobAction[] {
  return JOB_ACTIONS.filter((action) => isJobActionAllowed(status, action));
}

/**
 * The status-changing action that leads to `to`, or undefined when no admin action sets that
 * status. Used to check a `PATCH {status, progress}` against the same table as the buttons.
 */
export function jobActionForStatus(to: string): Exclude<JobAction, 'reassign'> | undefined {
  for (const [action, target] of Object.entries(JOB_ACTION_TARGETS)) {
    if (target.status === to) return action as Exclude<JobAction, 'reassign'>;
  }
  return undefined;
}

/**
 * Whether a job may change from `from` to `to`: through one of the actions, or to Cancelled
 * from any active status (staff may cancel a job that will not go ahead).
 */
export function canChangeJobStatus(from: string, to: string): boolean {
  if (to === 'Cancelled') return isActiveStatus(from);
  const action = jobActionForStatus(to);
  return action !== undefined && isJobActionAllowed(from, action);
}

/** Whether a job may be deleted: only when Completed or Cancelled. */
export function canDeleteJob(status: string): boolean {
  return isFinishedStatus(status);
}

/**
 * The draft quote created automatically when a job is completed (spec staff §9): one 'service'
 * line described as the job's service, priced from the price list in force for the job's
 * customer (`auto-quote.completed-job`: $200 × 1 as built in), valid 30 days, no discount. No
 * route is set, so no location multiplier applies; the job's location goes in the notes. A job
 * on account carries its account, site and PO number onto the quote.
 */
export function autoQuoteForCompletedJob(
  job: Job,
  now: string,
  quoteId: string,
  prices: PriceTable = BUILT_IN_PRICES,
): Quote {
  const auto = QUOTE_DEFAULTS.autoQuote;
  const line = { unitPrice: priceCents(prices, PRICE_KEYS.autoQuote), quantity: auto.quantity };
  const price = priceQuote([line], null, null, auto.discountPercent);
  const number = documentNumber(job);
  return {
    id: quoteId,
    customerName: job.customerName,
    customerPhone: job.phone,
    customerEmail: job.email,
    vehicleType: null,
    service: job.service,
    fromLocation: null,
    toLocation: null,
    distance: 0,
    items: [
      {
        id: `${quoteId}-1`,
        description: job.service,
        quantity: line.quantity,
        unitPrice: line.unitPrice,
        total: line.unitPrice * line.quantity,
        category: 'service',
        priceKey: PRICE_KEYS.autoQuote,
      },
    ],
    itemsSubtotal: price.itemsSubtotalCents,
    basePrice: price.basePriceCents,
    discountPercent: auto.discountPercent,
    discountAmount: price.discountAmountCents,
    finalPrice: price.finalPriceCents,
    multiplierBasisPoints: price.multiplierBasisPoints,
    multiplierLocation: null,
    accountId: job.accountId ?? null,
    siteId: job.siteId ?? null,
    poNumber: job.poNumber ?? null,
    // The notes name the job by its number when it has one (a key is never shown to people);
    // `jobId` links it either way.
    notes: number
      ? `Automatic quote for completed job ${number} at ${job.location}`
      : `Automatic quote for a completed job at ${job.location}`,
    jobId: job.id,
    validUntil: addDaysIso(now, auto.validDays),
    status: auto.status,
    createdAt: now,
    updatedAt: now,
  };
}
