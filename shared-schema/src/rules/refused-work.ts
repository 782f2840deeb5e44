/**
 * Refused work keeps what was typed. When the server refuses a change a device made —
 * a draft quote edited offline that the other owner sent meanwhile, a job step the job has
 * already passed — the owner sees, in plain words, what happened, what they typed (nothing of it
 * is lost), and only the actions that can succeed:
 *
 * - a quote edit refused because the quote is no longer a draft: **Copy into a new draft** (what
 *   they typed, as a new draft) or, for a sent quote, **Send as a revised quote** (the quote as
 *   sent with their changes on it, as a new quote that names the one it replaces);
 * - a job step the job has passed: why, and the job to open; nothing to retry;
 * - anything else: the server's reason and what was typed. Retry is offered by the screen only
 *   when running the same change against what the device now holds would succeed.
 *
 * Pure: the screen passes the refused mutation and the record as the device holds it now.
 */
import { JOB_STATUSES } from '../constants/statuses';
import { PAYMENT_METHOD_LABELS } from '../constants/documents';
import { formatCents } from './money';
import { documentRef } from './document-number';
import { conflictPartLabel, conflictValueText } from './conflict-resolution';
import {
  mergeLine,
  mergeQuoteEdit,
  sameValue,
  QUOTE_MERGED_FIELDS,
  type MergeLine,
  type QuoteEdit,
} from './merge';

/** A refused mutation as the device kept it. */
export interface RefusedMutation {
  name: string;
  args: unknown;
  code: string;
  message: string;
}

/** What the owner may do with refused work, besides dismissing it. */
export type RefusedAction = 'copy-to-draft' | 'send-revision' | 'open-job' | 'open-quote';

/** One thing the owner typed, in words. */
export interface TypedValue {
  label: string;
  value: string;
}

/** The refusal as the owner reads it. */
export interface RefusedWork {
  /** 'Your changes to quote Q-2026-12 were not saved'. */
  title: string;
  /** Why, in plain words, with what happened meanwhile when the device knows it. */
  reason: string;
  /** What they typed, so none of it is lost. */
  typed: TypedValue[];
  actions: RefusedAction[];
}

/** Words of the refused-work list. */
export const REFUSED_TEXT = {
  COPY_TO_DRAFT: 'Copy into a new draft',
  SEND_REVISION: 'Send as a revised quote',
  OPEN_JOB: 'Open the job',
  OPEN_QUOTE: 'Open quotes',
  DISMISS: 'Done',
  TYPED: 'What you typed',
  replaces: (ref: string) => `Replaces quote ${ref}.`,
} as const;

const JOB_STEP_LABELS: Record<string, string> = {
  'job.markEnRoute': 'Mark En Route',
  'job.startService': 'Start Service',
  'job.complete': 'Complete Job',
  'job.setStatus': 'the status change',
  'job.reassign': 'the reassignment',
};

const FIELD_LABELS: Record<string, string> = {
  amount: 'Amount',
  method: 'Method',
  reference: 'Reference',
  reason: 'Reason',
  notes: 'Notes',
  paidAt: 'Date',
  customerName: 'Customer',
  phone: 'Phone',
  email: 'Email',
  service: 'Service',
  location: 'Location',
  registration: 'Registration',
  cost: 'Cost',
  liters: 'Litres',
  odometer: 'Odometer',
  description: 'Description',
};

/** Money arguments (cents) shown as dollars. */
const CENTS_FIELDS = new Set(['amount', 'cost', 'totalCost', 'pricePerLiter']);

function asRecord(value: unknown): Record<string, unknown> {
  return typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : {};
}

function lines(value: unknown): MergeLine[] {
  return Array.isArray(value) ? (value as MergeLine[]).map((line) => mergeLine(line)) : [];
}

/**
 * What a quote edit typed: the fields and lines it changed from the quote as the device saw it
 * (its base), or all of them for an edit without one.
 */
export function typedQuoteChanges(args: Record<string, unknown>): TypedValue[] {
  const base = asRecord(args.base);
  const hasBase = Object.keys(base).length > 0;
  const typed: TypedValue[] = [];
  for (const field of QUOTE_MERGED_FIELDS) {
    const value = args[field];
    if (value === undefined) continue;
    if (hasBase && sameValue(value, base[field])) continue;
    if (!hasBase && (value === null || value === '' || value === 0)) continue;
    typed.push({
      label: conflictPartLabel({ path: field, mine: value, theirs: null }),
      value: conflictValueText(value),
    });
  }
  const before = new Map(lines(base.items).map((line) => [line.id, line]));
  const after = lines(args.items);
  for (const line of after) {
    const was = line.id ? before.get(line.id) : undefined;
    if (was && sameValue(mergeLine(was), mergeLine(line))) continue;
    typed.push({
      label: was ? 'Changed line' : 'Added line',
      value: conflictValueText(line),
    });
  }
  if (hasBase) {
    const kept = new Set(after.map((line) => line.id));
    for (const line of before.values()) {
      if (!kept.has(line.id)) typed.push({ label: 'Removed line', value: conflictValueText(line) });
    }
  }
  return typed;
}

/** The plain arguments of any other change, as words (ids and technical fields left out). */
function typedArgs(args: Record<string, unknown>): TypedValue[] {
  const typed: TypedValue[] = [];
  for (const [field, value] of Object.entries(args)) {
    const label = FIELD_LABELS[field];
    if (!label || value === undefined || value === null || value === '') continue;
    if (typeof value === 'object') continue;
    let text = String(value);
    if (CENTS_FIELDS.has(field) && typeof value === 'number') text = formatCents(value);
    if (field === 'method' && typeof value === 'string')
      text = PAYMENT_METHOD_LABELS[value as keyof typeof PAYMENT_METHOD_LABELS] ?? value;
    typed.push({ label, value: text });
  }
  return typed;
}

/**
 * The refusal of a change in plain words: what happened, what was typed, what can be done.
 * `current` is the record the change was about, as the device holds it now (undefined when the
 * device does not have it).
 */
export function describeRefusal(
  issue: RefusedMutation,
  current: Record<string, unknown> | undefined,
): RefusedWork {
  const args = asRecord(issue.args);
  const id = typeof args.id === 'string' ? args.id : null;
  if (issue.name === 'quote.save' && id) {
    const ref = current ? documentRef({ id, number: current.number as string | null }) : id;
    const status = typeof current?.status === 'string' ? current.status : null;
    const notDraft = status !== null && status !== 'draft';
    return {
      title: `Your changes to quote ${ref} were not saved`,
      reason: notDraft
        ? `Quote ${ref} was ${status === 'sent' ? 'sent to the customer' : `marked ${status}`} by someone else before your changes reached it, so it can no longer be edited. Everything you typed is below.`
        : `${issue.message}. Everything you typed is below.`,
      typed: typedQuoteChanges(args),
      actions:
        status === 'sent' ? ['copy-to-draft', 'send-revision'] : ['copy-to-draft', 'open-quote'],
    };
  }
  const step = JOB_STEP_LABELS[issue.name];
  if (step && id) {
    const ref = current ? documentRef({ id, number: current.number as string | null }) : id;
    const status =
      typeof current?.status === 'string' &&
      (JOB_STATUSES as readonly string[]).includes(current.status)
        ? current.status
        : null;
    return {
      title: `${step} was not applied to job ${ref}`,
      reason:
        issue.code === 'invalid_state' && status
          ? `Job ${ref} is already ${status} (it was moved on from another device), so ${step} no longer applies. Nothing was lost and nothing more needs doing.`
          : issue.message,
      typed: [],
      actions: current ? ['open-job'] : [],
    };
  }
  return { title: issue.message, reason: issue.message, typed: typedArgs(args), actions: [] };
}

/** The arguments of `quote.save` that put what was typed into a new draft `newId`. */
export function draftFromRefusedSave(
  args: Record<string, unknown>,
  newId: string,
): Record<string, unknown> {
  const { base: _base, overrides: _overrides, id: _id, ...fields } = args;
  const items = lines(fields.items).map(({ id: _line, ...line }) => line);
  return { ...fields, items, id: newId };
}

/**
 * The arguments of `quote.save` for a revised quote `newId`: the quote as it is now (`current`,
 * sent) with the refused edit's changes on it (three-way, base → typed over current; where both
 * changed a part, the typed value wins — the owner chose to revise), and a note naming the quote
 * it replaces.
 */
export function revisionFromRefusedSave(
  args: Record<string, unknown>,
  current: Record<string, unknown>,
  newId: string,
): Record<string, unknown> {
  const base = asRecord(args.base);
  const mine: QuoteEdit = { ...args, items: lines(args.items) };
  const theirs: QuoteEdit = { ...current, items: lines(current.items) };
  const merged = Object.keys(base).length
    ? mergeQuoteEdit({ ...base, items: lines(base.items) }, mine, theirs)
    : { merged: mine, parts: [] };
  const result: Record<string, unknown> = { ...merged.merged };
  for (const part of merged.parts) {
    if (part.path.startsWith('items.')) {
      const lineId = part.path.slice('items.'.length);
      const items = (result.items as MergeLine[]).filter((line) => line.id !== lineId);
      if (part.mine !== null) items.push(part.mine as MergeLine);
      result.items = items;
    } else result[part.path] = part.mine;
  }
  const ref = documentRef({ id: String(current.id), number: current.number as string | null });
  const notes = typeof result.notes === 'string' && result.notes.trim() ? result.notes.trim() : '';
  return {
    ...Object.fromEntries(QUOTE_MERGED_FIELDS.map((field) => [field, result[field] ?? null])),
    customerName: result.customerName ?? current.customerName,
    customerPhone: result.customerPhone ?? current.customerPhone,
    notes: notes ? `${notes}\n${REFUSED_TEXT.replaces(ref)}` : REFUSED_TEXT.replaces(ref),
    items: (result.items as MergeLine[]).map(({ id: _line, ...line }) => line),
    validDays: typeof args.validDays === 'number' ? args.validDays : 14,
    id: newId,
  };
}
