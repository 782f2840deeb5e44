/**
 * The rules of work on account: which PO a job carries and whether it may be invoiced without
 * one, how much of a blanket PO is used, whether an account is on credit hold, and whether a
 * driver or truck is inducted at a site. Each answers with words staff read; none blocks work by
 * itself: screens warn, owners decide, and only invoicing waits for a required PO.
 */
import type { Account, AccountSite, PoRule, SiteInduction } from '../entities/account';
import type { Invoice } from '../entities/invoice';
import { balanceDue } from './settlement';
import { documentRef } from './document-number';
import { formatDate } from './date-format';
import { addCalendarDays, perthDate, perthDaysBetween } from './dates';
import { formatCents } from './money';

/** The site of an account by id, if the account has it. */
export function siteOf(
  account: Pick<Account, 'sites'> | undefined,
  siteId: string | null | undefined,
): AccountSite | undefined {
  if (!account || !siteId) return undefined;
  return account.sites.find((site) => site.id === siteId);
}

/** How a site is printed on an invoice: 'Cape Lambert gate 2, Wickham'. */
export function siteLabel(site: Pick<AccountSite, 'name' | 'location'>): string {
  return site.location.trim() && site.location.trim() !== site.name.trim()
    ? `${site.name}, ${site.location}`
    : site.name;
}

/**
 * The PO number a job of the account carries: the one given for the job, else the blanket PO's
 * number. Null when there is none.
 */
export function effectivePoNumber(
  rule: PoRule | undefined,
  given: string | null | undefined,
): string | null {
  const typed = given?.trim();
  if (typed) return typed;
  return rule?.kind === 'blanket' ? rule.number : null;
}

/** Whether work for the account may not be invoiced yet: the account needs a PO and has none. */
export function poMissing(
  account: Pick<Account, 'poRule'> | undefined,
  given: string | null | undefined,
): boolean {
  return account?.poRule.kind === 'per-job' && effectivePoNumber(account.poRule, given) === null;
}

/** A blanket PO's use so far, and what staff should be warned of. */
export interface BlanketPoUse {
  number: string;
  capCents: number;
  /** What the account's invoices on this PO come to, less credit notes. */
  usedCents: number;
  /** Cap − used (below zero once over the cap). */
  remainingCents: number;
  expiresOn: string;
  /** Days from `today` to the expiry day (0 on it, negative once expired). */
  daysToExpiry: number;
  expired: boolean;
  overCap: boolean;
  /** 80% or more of the cap used. */
  nearCap: boolean;
  /** Expires within 14 days. */
  nearExpiry: boolean;
  warnings: string[];
}

/** Share of a blanket PO's value used past which staff are warned. */
export const BLANKET_PO_WARN_SHARE = 0.8;
/** Days before a blanket PO's expiry from which staff are warned. */
export const BLANKET_PO_WARN_DAYS = 14;

/**
 * How much of the account's blanket PO is used: every invoice of the account that carries the
 * PO's number counts its total less what credit notes took back (a cancelled invoice counts
 * nothing). Undefined when the account has no blanket PO.
 */
export function blanketPoUse(
  account: Pick<Account, 'id' | 'poRule'>,
  invoices: readonly Pick<
    Invoice,
    'accountId' | 'poNumber' | 'amount' | 'amountCredited' | 'status'
  >[],
  today: string,
): BlanketPoUse | undefined {
  const rule = account.poRule;
  if (rule.kind !== 'blanket') return undefined;
  const usedCents = invoices
    .filter(
      (invoice) =>
        invoice.accountId === account.id &&
        invoice.poNumber === rule.number &&
        invoice.status !== 'cancelled',
    )
    .reduce((sum, invoice) => sum + invoice.amount - invoice.amountCredited, 0);
  const remainingCents = rule.capCents - usedCents;
  const daysToExpiry = perthDaysBetween(today, rule.expiresOn);
  const expired = daysToExpiry < 0;
  const overCap = remainingCents < 0;
  const nearCap = !overCap && usedCents >= rule.capCents * BLANKET_PO_WARN_SHARE;
  const nearExpiry = !expired && daysToExpiry <= BLANKET_PO_WARN_DAYS;
  const warnings: string[] = [];
  if (overCap)
    warnings.push(
      `Blanket PO ${rule.number} is over its value by ${formatCents(-remainingCents)}: ask the customer for a new PO`,
    );
  else if (nearCap)
    warnings.push(
      `Blanket PO ${rule.number} has ${formatCents(remainingCents)} left of ${formatCents(rule.capCents)}`,
    );
  if (expired)
    warnings.push(
      `Blanket PO ${rule.number} expired on ${formatDate(rule.expiresOn)}: ask for a new PO`,
    );
  else if (nearExpiry)
    warnings.push(
      `Blanket PO ${rule.number} expires ${daysToExpiry === 0 ? 'today' : `in ${daysToExpiry} ${daysToExpiry === 1 ? 'day' : 'days'}`} (${formatDate(rule.expiresOn)})`,
    );
  return {
    number: rule.number,
    capCents: rule.capCents,
    usedCents,
    remainingCents,
    expiresOn: rule.expiresOn,
    daysToExpiry,
    expired,
    overCap,
    nearCap,
    nearExpiry,
    warnings,
  };
}

/** Days past its due date from which an unpaid invoice puts the account on credit hold. */
export const CREDIT_HOLD_OVERDUE_DAYS = 30;

/** Why an account is on credit hold. */
export type CreditHoldReason =
  | { kind: 'over-limit'; owedCents: number; limitCents: number }
  | { kind: 'overdue'; invoiceRef: string; daysOverdue: number; balanceCents: number };

/** An account's credit standing on a day. */
export interface CreditStanding {
  onHold: boolean;
  /** What the account owes on all its invoices (credit balances taken off). */
  owedCents: number;
  reasons: CreditHoldReason[];
}

/**
 * Whether the account is on credit hold on `today`: it owes more than its credit limit (a limit
 * of 0 is none), or one of its invoices is {@link CREDIT_HOLD_OVERDUE_DAYS} or more days past due
 * with money still owed. The hold warns; an owner decides.
 */
export function creditStanding(
  account: Pick<Account, 'id' | 'creditLimitCents'>,
  invoices: readonly Invoice[],
  today: string,
): CreditStanding {
  const own = invoices.filter(
    (invoice) => invoice.accountId === account.id && invoice.status !== 'cancelled',
  );
  const owedCents = own.reduce((sum, invoice) => sum + balanceDue(invoice), 0);
  const reasons: CreditHoldReason[] = [];
  if (account.creditLimitCents > 0 && owedCents > account.creditLimitCents)
    reasons.push({ kind: 'over-limit', owedCents, limitCents: account.creditLimitCents });
  for (const invoice of [...own].sort((a, b) => a.createdAt.localeCompare(b.createdAt))) {
    const balanceCents = balanceDue(invoice);
    if (balanceCents <= 0 || !invoice.dueDate) continue;
    const daysOverdue = perthDaysBetween(perthDate(invoice.dueDate), today);
    if (daysOverdue >= CREDIT_HOLD_OVERDUE_DAYS)
      reasons.push({
        kind: 'overdue',
        invoiceRef: documentRef(invoice),
        daysOverdue,
        balanceCents,
      });
  }
  return { onHold: reasons.length > 0, owedCents, reasons };
}

/** One reason in words: 'Owes $12,400.00, over its $10,000.00 limit'. */
export function creditReasonText(reason: CreditHoldReason): string {
  return reason.kind === 'over-limit'
    ? `Owes ${formatCents(reason.owedCents)}, over its ${formatCents(reason.limitCents)} limit`
    : `${reason.invoiceRef} is ${reason.daysOverdue} days overdue (${formatCents(reason.balanceCents)} owing)`;
}

/** The hold in one line for a badge or a record, or null when there is none. */
export function creditHoldText(standing: CreditStanding): string | null {
  return standing.onHold ? standing.reasons.map(creditReasonText).join('; ') : null;
}

/**
 * What a job records when it is opened on credit hold: the hold, who went ahead, and why (the
 * owner's words, when given).
 */
export function creditDecisionNote(
  hold: string,
  decidedBy: string | null | undefined,
  reason: string | null | undefined,
): string {
  const who = decidedBy?.trim() || 'Staff';
  const why = reason?.trim();
  return `Credit hold (${hold}): ${who} went ahead${why ? `: ${why}` : ''}`;
}

/** Who is going to a site: the driver (user id and name) and the truck (id and name). */
export interface SiteCrew {
  driverId?: number | null;
  driverName?: string | null;
  vehicleId?: number | null;
  vehicleName?: string | null;
}

/** The induction of a driver or truck at a site, the latest-expiring if several. */
function inductionOf(
  site: Pick<AccountSite, 'inductions'>,
  kind: SiteInduction['kind'],
  id: number,
): SiteInduction | undefined {
  return site.inductions
    .filter(
      (entry) =>
        entry.kind === kind && (kind === 'driver' ? entry.userId === id : entry.vehicleId === id),
    )
    .sort((a, b) => b.expiresOn.localeCompare(a.expiresOn))[0];
}

/**
 * What is wrong with sending this crew to the site on `today`: a driver or truck with no
 * induction there, or one that has expired. Empty when both are inducted (or not chosen yet).
 */
export function inductionWarnings(
  site: Pick<AccountSite, 'name' | 'inductions'>,
  crew: SiteCrew,
  today: string,
): string[] {
  const warnings: string[] = [];
  const check = (kind: SiteInduction['kind'], id: number | null | undefined, name: string) => {
    if (id === null || id === undefined) return;
    const found = inductionOf(site, kind, id);
    if (!found) warnings.push(`${name} is not inducted at ${site.name}`);
    else if (found.expiresOn < today)
      warnings.push(
        `${name}'s induction at ${site.name} expired on ${formatDate(found.expiresOn)}`,
      );
  };
  check('driver', crew.driverId, crew.driverName?.trim() || 'The driver');
  check('vehicle', crew.vehicleId, crew.vehicleName?.trim() || 'The truck');
  return warnings;
}

/** Days ahead within which an induction's expiry is listed in the owners' daily email. */
export const INDUCTION_NOTICE_DAYS = 30;

/** An induction about to expire (or expired), as the daily email lists it. */
export interface ExpiringInduction {
  accountName: string;
  siteName: string;
  kind: SiteInduction['kind'];
  /** The driver's or truck's name. */
  who: string;
  expiresOn: string;
  /** Days from today to the expiry day (negative once expired). */
  daysLeft: number;
}

/**
 * Every induction of the active accounts that expires within {@link INDUCTION_NOTICE_DAYS} days of
 * `today` (today included), soonest first. `nameOf` names a driver or truck by id.
 */
export function expiringInductions(
  accounts: readonly Pick<Account, 'name' | 'sites' | 'isActive'>[],
  today: string,
  nameOf: (kind: SiteInduction['kind'], id: number) => string,
): ExpiringInduction[] {
  const last = addCalendarDays(today, INDUCTION_NOTICE_DAYS);
  const found: ExpiringInduction[] = [];
  for (const account of accounts) {
    if (!account.isActive) continue;
    for (const site of account.sites) {
      for (const entry of site.inductions) {
        if (entry.expiresOn < today || entry.expiresOn > last) continue;
        const id = entry.kind === 'driver' ? entry.userId : entry.vehicleId;
        if (id === null) continue;
        found.push({
          accountName: account.name,
          siteName: site.name,
          kind: entry.kind,
          who: nameOf(entry.kind, id),
          expiresOn: entry.expiresOn,
          daysLeft: perthDaysBetween(today, entry.expiresOn),
        });
      }
    }
  }
  return found.sort((a, b) => a.expiresOn.localeCompare(b.expiresOn) || a.who.localeCompare(b.who));
}

/** One expiring induction as a line of the daily email. */
export function expiringInductionLine(entry: ExpiringInduction): string {
  const when =
    entry.daysLeft === 0
      ? 'expires today'
      : `expires ${entry.expiresOn} (${entry.daysLeft} ${entry.daysLeft === 1 ? 'day' : 'days'})`;
  return `${entry.who} at ${entry.accountName}, ${entry.siteName}: ${when}`;
}
