/**
 * The registry of named mutators. A mutator whose arguments change gets a new name and the old
 * one stays here, so a device with an old outbox is still served (docs/sync.md).
 */
import type { z } from 'zod';
import type { Mutator } from '../mutator';
import { accountSave, jobSetPo, priceListSave } from './account';
import { bookingAcknowledge, bookingApprove, bookingDecline } from './booking';
import {
  contactMessageDraftQuote,
  contactMessageRecordReply,
  contactMessageSetStatus,
  feedbackRecordReply,
} from './contact-message';
import {
  complaintAdvance,
  complaintRecord,
  occurrenceRecord,
  occurrenceReported,
} from './compliance';
import { crashTowMark, crashTowMarkLoaded, crashTowOverride, crashTowSave } from './crash-tow';
import {
  yardAccess,
  yardBookIn,
  yardMove,
  yardRecordPayment,
  yardRelease,
  yardSetHolds,
} from './yard';
import { jobDispatch, shiftRecord } from './dispatch';
import { photoAdd, signatureAdd } from './field-record';
import {
  creditNoteIssue,
  invoiceRaise,
  invoiceRecordPayment,
  invoiceRecordRefund,
  quoteAccept,
} from './invoice';
import {
  jobAddNote,
  jobAssignVehicle,
  jobCreate,
  jobDelete,
  jobReassign,
  jobRestore,
  jobUpdateFields,
  jobSetArrival,
} from './job';
import {
  jobCancel,
  jobComplete,
  jobMarkEnRoute,
  jobSetStatus,
  jobStartService,
} from './job-status';
import { mergeNoticeSettle } from './merge-notice';
import { notificationPreferencesSave } from './notification-preferences';
import { defectResolve, prestartSubmit } from './prestart';
import { positionReport } from './position';
import { quoteDelete, quoteDuplicate, quoteRenew, quoteSave, quoteSetStatus } from './quote';
import { expenseAdd, fuelAdd, mileageAdd, serviceAdd } from './records';
import {
  vehicleAdd,
  vehicleRemove,
  vehicleUpdate,
  vehicleUpdateModifications,
  vehicleUpdateSpecialFeatures,
} from './vehicle';

export * from './account';
export * from './booking';
export * from './contact-message';
export * from './compliance';
export * from './crash-tow';
export * from './yard';
export * from './dispatch';
export * from './field-record';
export * from './invoice';
export * from './job';
export * from './job-status';
export * from './merge-notice';
export * from './notification-preferences';
export * from './prestart';
export * from './position';
export * from './quote';
export * from './records';
export * from './vehicle';

const ALL = [
  bookingApprove,
  bookingAcknowledge,
  bookingDecline,
  jobCreate,
  jobUpdateFields,
  jobSetArrival,
  jobMarkEnRoute,
  jobStartService,
  jobComplete,
  jobSetStatus,
  jobCancel,
  jobReassign,
  jobAssignVehicle,
  jobAddNote,
  jobDelete,
  jobRestore,
  quoteSave,
  quoteSetStatus,
  quoteDuplicate,
  quoteDelete,
  quoteRenew,
  quoteAccept,
  invoiceRaise,
  invoiceRecordPayment,
  invoiceRecordRefund,
  creditNoteIssue,
  vehicleAdd,
  vehicleUpdate,
  vehicleUpdateModifications,
  vehicleUpdateSpecialFeatures,
  vehicleRemove,
  serviceAdd,
  fuelAdd,
  mileageAdd,
  expenseAdd,
  notificationPreferencesSave,
  photoAdd,
  signatureAdd,
  prestartSubmit,
  defectResolve,
  positionReport,
  mergeNoticeSettle,
  accountSave,
  priceListSave,
  jobSetPo,
  contactMessageSetStatus,
  contactMessageRecordReply,
  contactMessageDraftQuote,
  feedbackRecordReply,
  crashTowMark,
  crashTowSave,
  crashTowMarkLoaded,
  crashTowOverride,
  yardBookIn,
  yardMove,
  yardAccess,
  yardSetHolds,
  yardRecordPayment,
  yardRelease,
  complaintRecord,
  complaintAdvance,
  occurrenceRecord,
  occurrenceReported,
  shiftRecord,
  jobDispatch,
] as const;

type RegisteredMutator = (typeof ALL)[number];

/** The name of a mutator this build knows: `'job.create'`, `'fuel.add'`, … */
export type MutatorName = RegisteredMutator['name'];

/** The mutator registered under `N`. */
export type MutatorOf<N extends MutatorName> = Extract<RegisteredMutator, { name: N }>;

/**
 * The arguments a caller sends to the mutator `N` (its schema's input: before defaults and
 * coercion). `mutate(name, args)` on the device and the server's REST routes are typed with it,
 * so a wrong argument is a compile error where the mutation is made.
 */
export type MutatorArgs<N extends MutatorName> = z.input<MutatorOf<N>['argsSchema']>;

/** A mutation by name with its arguments, typed against the registry. */
export type NamedMutation = { [N in MutatorName]: { name: N; args: MutatorArgs<N> } }[MutatorName];

/** Every mutator by name. */
export const MUTATORS: { readonly [N in MutatorName]: MutatorOf<N> } = Object.freeze(
  Object.fromEntries(ALL.map((mutator) => [mutator.name, mutator])),
) as { readonly [N in MutatorName]: MutatorOf<N> };

/** Whether `name` is a mutator this build knows (a queued mutation may name an old one). */
export function isMutatorName(name: string): name is MutatorName {
  return Object.hasOwn(MUTATORS, name);
}

/** The mutator with this name, or undefined for a name this build does not know. */
export function getMutator(name: string): Mutator | undefined {
  return isMutatorName(name) ? (MUTATORS[name] as Mutator) : undefined;
}
