/**
 * The account form's values and how they become `account.save` arguments. The form holds what
 * the owner types (money in dollars, numbers as text); the arguments are checked with the shared
 * schema (`accountInputSchema`), whose messages come back under the fields they are about.
 */
import {
  accountInputSchema,
  centsToDollars,
  dollarsToCents,
  type Account,
  type AccountInput,
  type AccountType,
} from '@pilbara/shared-schema';

export interface InductionValues {
  id?: string;
  kind: 'driver' | 'vehicle';
  /** The driver's user id or the truck's vehicle id, as text ('' for none chosen). */
  who: string;
  expiresOn: string;
}

export interface SiteValues {
  id?: string;
  name: string;
  location: string;
  gatePhone: string;
  accessNotes: string;
  inductionRequirements: string;
  inductions: InductionValues[];
}

export interface ContactValues {
  id?: string;
  name: string;
  role: string;
  phone: string;
  email: string;
}

export interface AccountFormValues {
  name: string;
  type: AccountType | '';
  legalName: string;
  abn: string;
  billingEmail: string;
  termsKind: 'days' | 'eom';
  termsDays: string;
  /** Dollars, '' or 0 for no limit. */
  creditLimit: string;
  poKind: 'none' | 'per-job' | 'blanket';
  poNumber: string;
  poExpiresOn: string;
  /** Dollars. */
  poCap: string;
  notes: string;
  isActive: boolean;
  contacts: ContactValues[];
  sites: SiteValues[];
}

/** A new account: 14-day terms, no limit, no PO rule. */
export function emptyAccountForm(): AccountFormValues {
  return {
    name: '',
    type: '',
    legalName: '',
    abn: '',
    billingEmail: '',
    termsKind: 'days',
    termsDays: '14',
    creditLimit: '',
    poKind: 'none',
    poNumber: '',
    poExpiresOn: '',
    poCap: '',
    notes: '',
    isActive: true,
    contacts: [],
    sites: [],
  };
}

function dollars(cents: number): string {
  return cents === 0 ? '' : String(centsToDollars(cents));
}

/** The form filled from a stored account. */
export function accountToForm(account: Account): AccountFormValues {
  const rule = account.poRule;
  return {
    name: account.name,
    type: account.type,
    legalName: account.legalName,
    abn: account.abn ?? '',
    billingEmail: account.billingEmail ?? '',
    termsKind: account.terms.kind,
    termsDays: String(account.terms.days),
    creditLimit: dollars(account.creditLimitCents),
    poKind: rule.kind,
    poNumber: rule.kind === 'blanket' ? rule.number : '',
    poExpiresOn: rule.kind === 'blanket' ? rule.expiresOn : '',
    poCap: rule.kind === 'blanket' ? dollars(rule.capCents) : '',
    notes: account.notes ?? '',
    isActive: account.isActive,
    contacts: account.contacts.map((contact) => ({
      id: contact.id,
      name: contact.name,
      role: contact.role ?? '',
      phone: contact.phone ?? '',
      email: contact.email ?? '',
    })),
    sites: account.sites.map((site) => ({
      id: site.id,
      name: site.name,
      location: site.location,
      gatePhone: site.gatePhone ?? '',
      accessNotes: site.accessNotes ?? '',
      inductionRequirements: site.inductionRequirements ?? '',
      inductions: site.inductions.map((entry) => ({
        id: entry.id,
        kind: entry.kind,
        who: String((entry.kind === 'driver' ? entry.userId : entry.vehicleId) ?? ''),
        expiresOn: entry.expiresOn,
      })),
    })),
  };
}

/** A whole number typed as text, or NaN (which the schema refuses with its message). */
function whole(text: string): number {
  return /^\s*\d+\s*$/.test(text) ? Number(text) : Number.NaN;
}

/** The `account.save` fields of the form (not yet checked). */
function formToInput(values: AccountFormValues): AccountInput {
  return {
    name: values.name,
    type: (values.type || undefined) as AccountType,
    legalName: values.legalName,
    abn: values.abn,
    billingEmail: values.billingEmail,
    terms: { kind: values.termsKind, days: whole(values.termsDays) },
    creditLimitCents: values.creditLimit.trim() ? dollarsToCents(values.creditLimit) : 0,
    poRule:
      values.poKind === 'blanket'
        ? {
            kind: 'blanket',
            number: values.poNumber,
            expiresOn: values.poExpiresOn,
            capCents: dollarsToCents(values.poCap || '0'),
          }
        : { kind: values.poKind },
    notes: values.notes,
    isActive: values.isActive,
    contacts: values.contacts.map(({ id, ...contact }) => ({ ...(id ? { id } : {}), ...contact })),
    sites: values.sites.map(({ id, inductions, ...site }) => ({
      ...(id ? { id } : {}),
      ...site,
      inductions: inductions.map(({ id: inductionId, who, ...entry }) => ({
        ...(inductionId ? { id: inductionId } : {}),
        ...entry,
        userId: entry.kind === 'driver' && who ? Number(who) : null,
        vehicleId: entry.kind === 'vehicle' && who ? Number(who) : null,
      })),
    })),
  };
}

/** Where a schema path's message shows in the form. */
function formPath(path: readonly PropertyKey[]): string {
  const [head, ...rest] = path.map(String);
  if (head === 'terms') return 'termsDays';
  if (head === 'creditLimitCents') return 'creditLimit';
  if (head === 'poRule') {
    const part = rest[0];
    return part === 'number' ? 'poNumber' : part === 'expiresOn' ? 'poExpiresOn' : 'poCap';
  }
  if (
    head === 'sites' &&
    rest[1] === 'inductions' &&
    (rest[3] === 'userId' || rest[3] === 'vehicleId')
  )
    return ['sites', rest[0], 'inductions', rest[2], 'who'].join('.');
  return [head, ...rest].join('.');
}

/** The form checked: the `account.save` fields, or each message by the form field it is about. */
export function checkAccountForm(
  values: AccountFormValues,
): { ok: true; input: AccountInput } | { ok: false; errors: Record<string, string> } {
  const input = formToInput(values);
  const parsed = accountInputSchema.safeParse(input);
  if (parsed.success) return { ok: true, input };
  const errors: Record<string, string> = {};
  for (const issue of parsed.error.issues) {
    const path = formPath(issue.path);
    errors[path] ??= issue.message;
  }
  return { ok: false, errors };
}
