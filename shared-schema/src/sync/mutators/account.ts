/**
 * Account mutators: saving an account (made or edited offline by an owner, merged with another
 * owner's edit field by field and per contact and site), saving a version of a price list, and
 * entering a job's PO number. Plus what the job, booking and quote mutators share about work on
 * account: the rows they read and the check that an account and its site exist.
 */
import { z } from 'zod';
import { ACCOUNT_MESSAGES } from '../../account-messages';
import {
  accountInputSchema,
  priceListVersionInputSchema,
  type AccountData,
} from '../../api/accounts';
import { poNumberInput } from '../../api/account-work';
import type { Account, AccountSite, SiteInduction } from '../../entities/account';
import type { Job } from '../../entities/job';
import type { PriceList } from '../../entities/price-list';
import { MESSAGES } from '../../messages';
import { siteOf } from '../../rules/accounts';
import { perthDate } from '../../rules/dates';
import { mergeFields, mergeIdentified, type ConflictPart } from '../../rules/merge';
import { priceTable, type PriceTable } from '../../rules/price-list';
import {
  defineMutator,
  occurredAt,
  put,
  readMany,
  readOne,
  reject,
  succeed,
  type MutationContext,
  type MutationRejection,
  type ReadSpec,
  type Row,
} from '../mutator';
import { baseRowSchema, jobUpdate, leasedIdSchema } from './common';
import { jobIdSchema } from './job-context';

const ACCOUNT_KEY = 'account';
const PRICE_LISTS_KEY = 'priceLists';

/** The reads of a mutator that does work for an account: the account, when one is named. */
export function accountReads(accountId: number | null | undefined): ReadSpec[] {
  return accountId ? [{ key: ACCOUNT_KEY, entity: 'accounts', id: accountId }] : [];
}

/** Every price list (a handful of rows): the prices of a quote or an automatic quote. */
export const priceListReads: ReadSpec[] = [
  { key: PRICE_LISTS_KEY, entity: 'price_lists', where: {} },
];

/** The account a mutation named, as read. */
export function readAccount(ctx: MutationContext): Account | undefined {
  return readOne<Account>(ctx, ACCOUNT_KEY);
}

/** The prices in force for the account's work on `date` (the lists read by {@link priceListReads}). */
export function pricesFor(
  ctx: MutationContext,
  accountId: number | null | undefined,
  date: string,
): PriceTable {
  return priceTable(readMany<PriceList>(ctx, PRICE_LISTS_KEY), accountId, date);
}

/**
 * Why the account and site named for new work cannot be used, or null: the account must exist
 * and be open, and the site be one of its own.
 */
export function refuseAccountWork(
  ctx: MutationContext,
  work: { accountId?: number | null; siteId?: string | null },
): MutationRejection | null {
  if (!work.accountId) {
    return work.siteId ? reject('invalid_args', ACCOUNT_MESSAGES.SITE_NOT_FOUND, 'siteId') : null;
  }
  const account = readAccount(ctx);
  if (!account) return reject('not_found', ACCOUNT_MESSAGES.ACCOUNT_NOT_FOUND, 'accountId');
  if (work.siteId && !siteOf(account, work.siteId))
    return reject('invalid_args', ACCOUNT_MESSAGES.SITE_NOT_FOUND, 'siteId');
  return null;
}

/** Ids within an account that are not yet taken: `c1`, `s2`, `i3`… */
function idMinter(prefix: string, taken: Iterable<string>): () => string {
  const used = new Set(taken);
  let next = 1;
  return () => {
    while (used.has(`${prefix}${next}`)) next += 1;
    const id = `${prefix}${next}`;
    used.add(id);
    return id;
  };
}

/**
 * The stored shape of an account's contacts and sites from the form's, every contact, site and
 * induction with an id (kept when given; minted when not, never one the stored record or the
 * edit already uses).
 */
function withInnerIds(
  data: AccountData,
  stored: Account | undefined,
): Pick<Account, 'contacts' | 'sites'> {
  const contactIds = [...(stored?.contacts ?? []), ...data.contacts].flatMap((c) => c.id ?? []);
  const siteIds = [...(stored?.sites ?? []), ...data.sites].flatMap((s) => s.id ?? []);
  const inductionIds = [...(stored?.sites ?? []), ...data.sites].flatMap((site) =>
    site.inductions.flatMap((entry) => entry.id ?? []),
  );
  const contactId = idMinter('c', contactIds);
  const siteId = idMinter('s', siteIds);
  const inductionId = idMinter('i', inductionIds);
  return {
    contacts: data.contacts.map((contact) => ({
      id: contact.id ?? contactId(),
      name: contact.name,
      role: contact.role,
      phone: contact.phone,
      email: contact.email,
    })),
    sites: data.sites.map((site): AccountSite => ({
      id: site.id ?? siteId(),
      name: site.name,
      location: site.location,
      gatePhone: site.gatePhone,
      accessNotes: site.accessNotes,
      inductionRequirements: site.inductionRequirements,
      inductions: site.inductions.map((entry): SiteInduction => ({
        id: entry.id ?? inductionId(),
        kind: entry.kind,
        userId: entry.kind === 'driver' ? entry.userId : null,
        vehicleId: entry.kind === 'vehicle' ? entry.vehicleId : null,
        expiresOn: entry.expiresOn,
      })),
    })),
  };
}

/** The fields of an account merged one by one (contacts and sites merge per element). */
const ACCOUNT_SCALAR_FIELDS = [
  'name',
  'type',
  'legalName',
  'abn',
  'billingEmail',
  'terms',
  'creditLimitCents',
  'poRule',
  'notes',
  'isActive',
] as const;

/** What collided, in words: 'name, site Cape Lambert'. */
function collided(parts: readonly ConflictPart[]): string {
  return parts
    .map((part) => {
      const value = (part.theirs ?? part.mine) as { name?: string } | null;
      if (part.path.startsWith('sites.')) return `site ${value?.name ?? ''}`.trim();
      if (part.path.startsWith('contacts.')) return `contact ${value?.name ?? ''}`.trim();
      return part.path;
    })
    .join(', ');
}

/**
 * `account.save`: makes an account, or saves an edit of one. An edit with `base` (the account as
 * the device last saw it) is merged with what another owner changed since: their changes stay,
 * this edit's other changes apply, and contacts and sites merge one by one. When both changed
 * the same part differently the edit is refused, naming what collided, so neither owner's change
 * is lost unseen: the owner opens the account again and makes theirs on top.
 */
export const accountSave = defineMutator({
  name: 'account.save',
  argsSchema: accountInputSchema.extend({
    id: leasedIdSchema,
    base: baseRowSchema.optional(),
  }),
  reads: (args) => accountReads(args.id),
  apply(ctx, args) {
    const stored = readAccount(ctx);
    const { base, id, ...data } = args;
    const inner = withInnerIds(data, stored);
    const edited: Account = {
      id,
      name: data.name,
      type: data.type,
      legalName: data.legalName,
      abn: data.abn,
      billingEmail: data.billingEmail,
      contacts: inner.contacts,
      sites: inner.sites,
      terms: data.terms,
      creditLimitCents: data.creditLimitCents,
      poRule: data.poRule,
      notes: data.notes,
      isActive: data.isActive,
      createdAt: stored?.createdAt ?? occurredAt(ctx),
      updatedAt: ctx.now,
    };
    if (!stored) return succeed([put('accounts', edited as Row)], { account: edited });
    if (!base) {
      const replaced = { ...edited, createdAt: stored.createdAt };
      return succeed([put('accounts', replaced as Row)], { account: replaced });
    }
    const scalars = mergeFields(base, edited, stored, ACCOUNT_SCALAR_FIELDS);
    const baseContacts = Array.isArray(base.contacts) ? (base.contacts as Account['contacts']) : [];
    const baseSites = Array.isArray(base.sites) ? (base.sites as Account['sites']) : [];
    const contacts = mergeIdentified(baseContacts, edited.contacts, stored.contacts, 'contacts');
    const sites = mergeIdentified(baseSites, edited.sites, stored.sites, 'sites');
    const parts = [...scalars.parts, ...contacts.parts, ...sites.parts];
    if (parts.length > 0)
      return reject(
        'conflict',
        `Someone else changed this account meanwhile (${collided(parts)}): open it again and make your change on top of theirs`,
        'base',
      );
    const merged: Account = {
      ...stored,
      ...(scalars.merged as Partial<Account>),
      contacts: contacts.merged,
      sites: sites.merged,
      updatedAt: ctx.now,
    };
    return succeed([put('accounts', merged as Row)], { account: merged });
  },
});

/**
 * `priceList.save`: saves a version of a price list, in force from its day (today or later in
 * Perth: a day already past keeps the prices it had, which documents of that day may carry). A
 * version for a day that already has one replaces it. Without a list id it makes the list: the
 * default list (no account), or an account's own.
 */
export const priceListSave = defineMutator({
  name: 'priceList.save',
  argsSchema: priceListVersionInputSchema.extend({
    id: leasedIdSchema,
    /** The account whose own list this is; null or absent for the default list. */
    accountId: z.number().int().positive().nullish(),
    name: z.string().trim().min(1).max(100).optional(),
  }),
  reads: (args) => [
    { key: 'list', entity: 'price_lists', id: args.id },
    ...priceListReads,
    ...accountReads(args.accountId),
  ],
  apply(ctx, args) {
    const stored = readOne<PriceList>(ctx, 'list');
    const today = perthDate(occurredAt(ctx));
    if (args.effectiveFrom < today)
      return reject('invalid_args', ACCOUNT_MESSAGES.PRICE_EFFECTIVE_PAST, 'effectiveFrom');
    const accountId = stored ? stored.accountId : (args.accountId ?? null);
    if (!stored) {
      if (accountId !== null && !readAccount(ctx))
        return reject('not_found', ACCOUNT_MESSAGES.ACCOUNT_NOT_FOUND, 'accountId');
      const lists = readMany<PriceList>(ctx, PRICE_LISTS_KEY);
      const taken = lists.find((list) => list.accountId === accountId);
      if (taken)
        return {
          ...reject(
            'conflict',
            accountId === null
              ? 'The default price list already exists'
              : ACCOUNT_MESSAGES.ACCOUNT_LIST_EXISTS,
            'id',
          ),
          related: { entity: 'price_lists', id: taken.id },
        };
    }
    const version = {
      effectiveFrom: args.effectiveFrom,
      items: args.items.map((entry) => ({ ...entry })),
      savedAt: ctx.now,
      savedBy: ctx.actor?.name || null,
    };
    const kept = (stored?.versions ?? []).filter((old) => old.effectiveFrom !== args.effectiveFrom);
    const list: PriceList = {
      id: args.id,
      name: args.name ?? stored?.name ?? (accountId === null ? 'Default prices' : 'Account prices'),
      accountId,
      versions: [...kept, version].sort((a, b) => a.effectiveFrom.localeCompare(b.effectiveFrom)),
      createdAt: stored?.createdAt ?? ctx.now,
      updatedAt: ctx.now,
    };
    return succeed([put('price_lists', list as Row)], { priceList: list });
  },
});

/**
 * `job.setPo`: the customer's purchase-order number for a job, entered when it arrives (a job
 * may be done without it; it cannot be invoiced without it when its account needs one). The job's
 * history says so.
 */
export const jobSetPo = defineMutator({
  name: 'job.setPo',
  argsSchema: z.object({
    id: jobIdSchema,
    poNumber: poNumberInput,
    updateId: leasedIdSchema,
  }),
  reads: (args) => [{ key: 'job', entity: 'jobs', id: args.id }],
  apply(ctx, args) {
    const job = readOne<Job>(ctx, 'job');
    if (!job) return reject('not_found', MESSAGES.JOB_NOT_FOUND, 'id');
    const updated: Job = { ...job, poNumber: args.poNumber, updatedAt: ctx.now };
    const message = args.poNumber ? `PO number ${args.poNumber} entered` : 'PO number removed';
    return succeed(
      [
        put('jobs', updated as Row),
        jobUpdate(args.updateId, job.id, job.status, message, occurredAt(ctx)),
      ],
      { job: updated },
    );
  },
});
