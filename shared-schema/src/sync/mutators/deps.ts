/**
 * The entity types, input schemas and business rules the mutators build on, gathered in one
 * place so each mutator module imports them from here. The rules themselves live in
 * `../../rules`; the mutators only decide which rows they touch.
 */
export type { Booking } from '../../entities/booking';
export type { CreditNote } from '../../entities/credit-note';
export type { Invoice } from '../../entities/invoice';
export type { Payment } from '../../entities/payment';
export type { FleetExpense } from '../../entities/fleet-expense';
export type { FuelRecord } from '../../entities/fuel-record';
export type { Job } from '../../entities/job';
export type { MileageRecord } from '../../entities/mileage-record';
export type { Quote } from '../../entities/quote';
export type { ServiceRecord } from '../../entities/service-record';
export type { Vehicle } from '../../entities/vehicle';
export { createJobInputSchema, jobStatusInputSchema } from '../../api/jobs';
export { quoteInputSchema } from '../../api/quotes';
export type { QuoteData } from '../../api/quotes';
export { notificationPreferenceInputSchema } from '../../api/notifications';
export {
  acceptQuoteInputSchema,
  issueCreditNoteInputSchema,
  raiseInvoiceInputSchema,
  recordInvoicePaymentInputSchema,
  recordInvoiceRefundInputSchema,
} from '../../api/billing';
export {
  applyPayment,
  applyRefund,
  canInvoiceQuote,
  issueCreditNote,
  jobIdOfQuote,
  liveInvoices,
  raiseInvoice,
  type SettlementRefusal,
} from '../../documents/invoice';
export {
  fleetExpenseInputSchema,
  fuelRecordInputSchema,
  mileageRecordInputSchema,
  serviceRecordInputSchema,
  vehicleInputSchema,
  vehicleUpdateInputSchema,
} from '../../api/fleet';
export { bookingToJob } from '../../api/booking-rules';
export {
  JOB_ACTION_TARGETS,
  autoQuoteForCompletedJob,
  canChangeJobStatus,
  canDeleteJob,
  isFinishedStatus,
  isJobActionAllowed,
  type JobAction,
} from '../../rules/job-flow';
export {
  buildQuote,
  canChangeQuoteStatus,
  isQuoteExpired,
  canEditQuote,
  duplicateQuote,
} from '../../api/quote-flow';
