/**
 * Text messages to the customer: which numbers can be texted, how long a text is in
 * segments (what the provider bills), and the words of each message. The server sends them
 * (sync-server/src/services/sms-*.ts); the texts live here so the tracking page, the staff
 * screens and the tests read the same words.
 *
 * Only transactional news is ever texted — the events of {@link SMS_EVENTS}. There is no
 * marketing text: the type has no such member, so nothing can ask for one.
 */
import { DRIVER_BOTH, DRIVER_UNASSIGNED } from '../constants/services';
import { isValidPhone, phoneKey } from './customer-match';

/** What a customer is texted about, each at most once per booking, job, quote or payment. */
export const SMS_EVENTS = [
  'booking_received',
  'booking_approved',
  'job_en_route',
  'job_completed',
  'quote_sent',
  'payment_received',
  'booking_declined',
  'job_cancelled',
  'invoice_overdue',
  // A copy of the Authority to Tow to whoever authorised a crash tow, and to the vehicle's owner.
  'att_copy',
] as const;

export type SmsEvent = (typeof SMS_EVENTS)[number];

/** Events that are news about a booking or job (the customer's `jobUpdates` switch). */
export const SMS_JOB_UPDATE_EVENTS: readonly SmsEvent[] = [
  'booking_received',
  'booking_approved',
  'booking_declined',
  'job_en_route',
  'job_completed',
  'job_cancelled',
];

/** How staff read each event in a job's history. */
export const SMS_EVENT_LABELS: Readonly<Record<SmsEvent, string>> = {
  booking_received: 'Booking received',
  booking_approved: 'Booking confirmed',
  job_en_route: 'Driver on the way',
  job_completed: 'Job complete',
  quote_sent: 'Quote sent',
  payment_received: 'Payment received',
  booking_declined: 'Booking declined',
  job_cancelled: 'Job cancelled',
  invoice_overdue: 'Payment reminder',
  att_copy: 'Authority to Tow copy',
};

/** How staff read any message's event (texts' and emails'), the raw name when unknown. */
export function messageEventLabel(event: string | null): string {
  if (event === null) return 'Message';
  if (event === 'review_request') return 'Review request';
  if (event === 'booking_confirmation') return 'Booking received';
  if (event === 'staff_booking_alert') return 'Staff alert';
  if (event === 'staff_escalation') return 'Escalation';
  return (SMS_EVENTS as readonly string[]).includes(event)
    ? SMS_EVENT_LABELS[event as SmsEvent]
    : event;
}

/** A text is kept under this many segments (a 3-segment text costs three messages). */
export const MAX_SMS_SEGMENTS = 2;

/**
 * The number in E.164 (`+61412345678`) when it can receive a text: an Australian mobile (04…)
 * however it was written, or an international number. Landlines and 1300/1800 numbers cannot
 * receive texts: null. Built on the phone rule the forms and lookups use (customer-match.ts).
 */
export function smsNumber(phone: string | null | undefined): string | null {
  if (!phone || !isValidPhone(phone)) return null;
  const key = phoneKey(phone);
  if (/^04\d{8}$/.test(key)) return `+61${key.slice(1)}`;
  if (key.startsWith('+') && !key.startsWith('+61')) return key;
  return null;
}

/** The number with all but its last three digits hidden, as the tracking page shows phones. */
export function maskedSmsNumber(e164: string): string {
  const key = phoneKey(e164);
  return `•••${key.slice(-3)}`;
}

// GSM 03.38: the basic set (one septet each) and the extension table (escape + one: two each).
const GSM_BASIC =
  '@£$¥èéùìòÇ\nØø\rÅåΔ_ΦΓΛΩΠΨΣΘΞÆæßÉ !"#¤%&\'()*+,-./0123456789:;<=>?¡' +
  'ABCDEFGHIJKLMNOPQRSTUVWXYZÄÖÑÜ§¿abcdefghijklmnopqrstuvwxyzäöñüà';
const GSM_EXTENSION = '^{}\\[~]|€\f';
const BASIC = new Set(GSM_BASIC);
const EXTENDED = new Set(GSM_EXTENSION);

/** Septets of one character in GSM-7, or null when GSM-7 cannot carry it. */
function septets(char: string): 1 | 2 | null {
  if (BASIC.has(char)) return 1;
  if (EXTENDED.has(char)) return 2;
  return null;
}

/** Whether the whole text can be sent in the GSM-7 alphabet. */
export function isGsm7(text: string): boolean {
  for (const char of text) if (septets(char) === null) return false;
  return true;
}

const LOOK_ALIKES: Readonly<Record<string, string>> = {
  '‘': "'",
  '’': "'",
  '‚': "'",
  '‛': "'",
  '′': "'",
  '`': "'",
  '“': '"',
  '”': '"',
  '„': '"',
  '″': '"',
  '–': '-',
  '—': '-',
  '‒': '-',
  '−': '-',
  '‐': '-',
  '…': '...',
  '•': '-',
  '\u00a0': ' ',
  '\u2009': ' ',
  '\u202f': ' ',
  '\t': ' ',
};

/**
 * The text with what GSM-7 lacks but has a plain equivalent for replaced: typographic quotes,
 * dashes and spaces, the ellipsis, and accents GSM-7 does not carry (`ë` → `e`; `é` stays, GSM-7
 * has it). Anything else (another script, an emoji) is left as it is, and the text is then sent
 * as UCS-2.
 */
export function toGsm7(text: string): string {
  let out = '';
  for (const char of text) {
    if (septets(char) !== null) {
      out += char;
      continue;
    }
    const alike = LOOK_ALIKES[char];
    if (alike !== undefined) {
      out += alike;
      continue;
    }
    const plain = char.normalize('NFD').replace(/\p{M}/gu, '');
    out += plain !== '' && isGsm7(plain) ? plain : char;
  }
  return out;
}

export interface SmsLength {
  encoding: 'GSM-7' | 'UCS-2';
  /** Septets (GSM-7) or UTF-16 code units (UCS-2). */
  units: number;
  /** Messages the network delivers it as (and the provider bills). */
  segments: number;
}

/**
 * How many segments a text takes: GSM-7 carries 160 septets in one message, or 153 per part
 * once split (the rest is the part header), an extension character never split from its escape;
 * anything else goes as UCS-2, 70 code units in one message or 67 per part, a surrogate pair
 * never split. An empty text is one segment.
 */
export function smsSegments(text: string): SmsLength {
  const gsm = isGsm7(text);
  const sizes: number[] = [];
  for (const char of text) sizes.push(gsm ? (septets(char) ?? 1) : char.length);
  const single = gsm ? 160 : 70;
  const part = gsm ? 153 : 67;
  const units = sizes.reduce((sum, size) => sum + size, 0);
  const encoding = gsm ? 'GSM-7' : 'UCS-2';
  if (units <= single) return { encoding, units, segments: 1 };
  let segments = 1;
  let used = 0;
  for (const size of sizes) {
    if (used + size > part) {
      segments += 1;
      used = 0;
    }
    used += size;
  }
  return { encoding, units, segments };
}

/** What a text says, beside its links. */
export interface SmsFacts {
  /** The business, as the customer knows it (the trading name). */
  business: string;
  /** The booking reference, job id, quote number or invoice number the text is about. */
  reference: string;
  /**
   * The tracking link (for a quote, its pay link; for a payment without a job, the quote's pay
   * link, or '' when there is neither).
   */
  link: string;
  /** Completed: the review page. */
  reviewLink?: string | null;
  /** En route: the driver's first name, when a person is assigned. */
  driverFirstName?: string | null;
  /** En route: the arrival estimate in a few words (rules/arrival.ts `arrivalShortText`). */
  arrival?: string | null;
  /** Quote sent, payment received, overdue invoice: the amount, formatted ('$450.00'). */
  amount?: string | null;
  /** Booking declined, job cancelled: why, in the words staff chose. */
  reason?: string | null;
  /** Booking declined, job cancelled, overdue invoice: the business's phone, to call back. */
  phone?: string | null;
  /** Overdue invoice: whole days past its due date. */
  daysOverdue?: number | null;
}

/** Added when it still fits: how to stop the texts (the provider acts on STOP as well). */
export const SMS_STOP_FOOTER = 'Reply STOP to opt out.';

function clip(text: string | null | undefined, max: number): string | null {
  if (!text) return null;
  const plain = text.trim().replace(/\s+/g, ' ');
  if (plain === '') return null;
  return plain.length <= max ? plain : `${plain.slice(0, max - 3).trimEnd()}...`;
}

/** A clause ended with a full stop unless it already ends a sentence. */
function endSentence(text: string): string {
  return /[.!?]$/.test(text) ? text : `${text}.`;
}

function body(event: SmsEvent, facts: SmsFacts): string {
  const { business, reference, link } = facts;
  switch (event) {
    case 'booking_received':
      return `${business}: we have your booking ${reference} and will confirm it shortly. Track it: ${link}`;
    case 'booking_approved':
      return `${business}: your booking is confirmed as job ${reference}. Track it: ${link}`;
    case 'job_en_route': {
      const who = facts.driverFirstName ? `${facts.driverFirstName} is` : 'your driver is';
      const eta = facts.arrival ? `, ETA ${facts.arrival}` : '';
      // A clipped estimate already ends in '...'.
      const stop = /[.!?]$/.test(eta) ? '' : '.';
      return `${business}: ${who} on the way for job ${reference}${eta}${stop} Track the truck: ${link}`;
    }
    case 'job_completed': {
      const review = facts.reviewLink ? ` How did we go? ${facts.reviewLink}` : '';
      return `${business}: job ${reference} is complete. Thank you!${review} Job details: ${link}`;
    }
    case 'quote_sent': {
      const amount = facts.amount ? ` for ${facts.amount} incl. GST` : '';
      return `${business}: your quote ${reference}${amount} is ready. View and pay: ${link}`;
    }
    case 'att_copy':
      return `${business}: your copy of the Authority to Tow for job ${reference}: ${link}`;
    case 'payment_received': {
      const amount = facts.amount ? ` of ${facts.amount}` : '';
      const details = link ? ` Details: ${link}` : '';
      return `${business}: thank you, we received your payment${amount} for invoice ${reference}.${details}`;
    }
    case 'booking_declined': {
      const reason = facts.reason ? `: ${facts.reason}` : '.';
      const call = facts.phone ? ` Please call us on ${facts.phone}.` : '';
      return `${business}: sorry, we can't take booking ${reference}${endSentence(reason)}${call} Details: ${link}`;
    }
    case 'job_cancelled': {
      const reason = facts.reason ? `: ${facts.reason}` : '.';
      const call = facts.phone ? ` Questions? Call ${facts.phone}.` : '';
      return `${business}: job ${reference} is cancelled${endSentence(reason)}${call} Details: ${link}`;
    }
    case 'invoice_overdue': {
      const amount = facts.amount ? ` for ${facts.amount}` : '';
      const days = facts.daysOverdue ? ` is ${facts.daysOverdue} days overdue` : ' is overdue';
      const call = facts.phone ? ` Questions? Call ${facts.phone}.` : '';
      return `${business}: invoice ${reference}${amount}${days}. Pay here: ${link}${call}`;
    }
  }
}

/** A composed text: the words, and what they cost. */
export interface SmsText extends SmsLength {
  text: string;
}

/**
 * The text of an event, at most {@link MAX_SMS_SEGMENTS} segments where the facts allow: in
 * GSM-7 where it can be (see {@link toGsm7}), with the opt-out footer when it fits, and with
 * staff-typed words (the driver's name, the estimate) shortened or left out before a link would
 * be. Links are never shortened.
 */
export function smsText(event: SmsEvent, facts: SmsFacts): SmsText {
  const gsm = (text: string | null | undefined) => (text ? toGsm7(text) : null);
  const full: SmsFacts = {
    ...facts,
    business: toGsm7(clip(facts.business, 30) ?? ''),
    driverFirstName: gsm(clip(facts.driverFirstName, 20)),
    arrival: gsm(clip(facts.arrival, 40)),
    reason: gsm(clip(facts.reason, 120)),
  };
  const shorter: SmsFacts = {
    ...full,
    driverFirstName: gsm(clip(facts.driverFirstName, 12)),
    arrival: gsm(clip(facts.arrival, 16)),
    reason: gsm(clip(facts.reason, 50)),
  };
  const plain: SmsFacts = { ...full, driverFirstName: null, arrival: null, reason: null };
  const candidates = [full, shorter, plain].flatMap((variant) => {
    const text = body(event, variant);
    return [`${text} ${SMS_STOP_FOOTER}`, text];
  });
  let chosen: SmsText | null = null;
  for (const text of candidates) {
    chosen = { text, ...smsSegments(text) };
    if (chosen.segments <= MAX_SMS_SEGMENTS) return chosen;
  }
  return chosen!;
}

/**
 * The driver's first name for a text, from the job's assignee (a staff member's full name);
 * null when the job is with nobody in particular (`Both`, `Unassigned`).
 */
export function driverFirstName(assignedTo: string | null | undefined): string | null {
  const name = assignedTo?.trim();
  if (!name || name === DRIVER_BOTH || name === DRIVER_UNASSIGNED) return null;
  return name.split(/\s+/)[0] ?? null;
}

/** What an inbound text asks for: the carriers' and the provider's opt-out and opt-in words. */
export function inboundSmsKeyword(body: string): 'stop' | 'start' | null {
  const word = body
    .trim()
    .toUpperCase()
    .replace(/[^A-Z]/g, '');
  if (
    ['STOP', 'STOPALL', 'UNSUBSCRIBE', 'CANCEL', 'END', 'QUIT', 'OPTOUT', 'REVOKE'].includes(word)
  )
    return 'stop';
  if (['START', 'UNSTOP', 'YES', 'OPTIN'].includes(word)) return 'start';
  return null;
}

/**
 * Retries of a text the provider could not take (it was down, or said to slow down): the
 * waits before each further attempt. After the last, the text is failed and staff see why.
 */
export const SMS_RETRY_DELAYS_MS = [60_000, 5 * 60_000, 15 * 60_000, 60 * 60_000] as const;

/**
 * Texts are counted against budgets by category, each apart, so one kind cannot use up another:
 * a flood of bookings with made-up numbers (the public form is anyone's) spends only the
 * booking acknowledgements' small budget, and the texts about real jobs still go.
 * - `booking-ack`: "we have your booking", the one text anyone can cause;
 * - `job-updates`: everything about a job, quote or payment staff work on;
 * - `staff-alerts`: texts to the business's own staff (their own budget, so an alert storm never
 *   silences customers, nor customers an alert).
 */
export const SMS_CATEGORIES = ['booking-ack', 'job-updates', 'staff-alerts'] as const;
/** A member of {@link SMS_CATEGORIES}. */
export type SmsCategory = (typeof SMS_CATEGORIES)[number];

/** The budget each customer event's text is counted against. */
export const SMS_EVENT_CATEGORY: Readonly<Record<SmsEvent, SmsCategory>> = {
  booking_received: 'booking-ack',
  booking_approved: 'job-updates',
  job_en_route: 'job-updates',
  job_completed: 'job-updates',
  quote_sent: 'job-updates',
  payment_received: 'job-updates',
  booking_declined: 'job-updates',
  job_cancelled: 'job-updates',
  invoice_overdue: 'job-updates',
  att_copy: 'job-updates',
};

/**
 * The category of a stored text: a staff alert's (`audience` 'staff') is always theirs; else its
 * own, else its event's (rows from before categories).
 */
export function smsCategoryOf(
  event: string | null,
  category?: string | null,
  audience?: string | null,
): SmsCategory {
  if (audience === 'staff') return 'staff-alerts';
  if (category && (SMS_CATEGORIES as readonly string[]).includes(category)) {
    return category as SmsCategory;
  }
  return SMS_EVENT_CATEGORY[event as SmsEvent] ?? 'job-updates';
}

/** How many texts of one category may go. */
export interface SmsBudget {
  /** In all, in any hour. */
  perHour: number;
  /**
   * To one number, in any hour; none for staff alerts, as an emergency nobody takes texts the
   * same owner every few minutes.
   */
  perNumberPerHour?: number;
  /** To the bookings made from one network address, in any day (booking acknowledgements). */
  perAddressPerDay?: number;
  /** To a number that has never had a job, in any day (booking acknowledgements). */
  newNumberPerDay?: number;
}

/** The default budgets (each overridable in the server's configuration). */
export const SMS_BUDGET_DEFAULTS: Readonly<Record<SmsCategory, SmsBudget>> = {
  'booking-ack': { perHour: 20, perNumberPerHour: 8, perAddressPerDay: 3, newNumberPerDay: 1 },
  'job-updates': { perHour: 60, perNumberPerHour: 8 },
  'staff-alerts': { perHour: 60 },
};

/** The defaults of the job-update caps (SMS_PER_NUMBER_PER_HOUR, SMS_PER_HOUR). */
export const SMS_CAPS = {
  perNumberPerHour: SMS_BUDGET_DEFAULTS['job-updates'].perNumberPerHour ?? 8,
  perHour: SMS_BUDGET_DEFAULTS['job-updates'].perHour,
} as const;

/**
 * The configuration variable of each category's hourly total, as messages name it.
 */
const TOTAL_VARIABLE: Readonly<Record<SmsCategory, string>> = {
  'booking-ack': 'SMS_BOOKING_ACK_PER_HOUR',
  'job-updates': 'SMS_PER_HOUR',
  'staff-alerts': 'STAFF_SMS_PER_HOUR',
};
const NUMBER_VARIABLE: Readonly<Record<SmsCategory, string>> = {
  'booking-ack': 'SMS_PER_NUMBER_PER_HOUR',
  'job-updates': 'SMS_PER_NUMBER_PER_HOUR',
  'staff-alerts': 'STAFF_SMS_PER_HOUR',
};

/** What was already sent that a budget counts, for one text about to go. */
export interface SmsBudgetCounts {
  /** Texts of the category to this number in the last hour. */
  toNumberLastHour: number;
  /** Texts of the category in the last hour, in all. */
  inCategoryLastHour: number;
  /** Texts of the category to bookings from the same address in the last day. */
  fromAddressLastDay?: number;
  /** Texts of the category to this number in the last day. */
  toNumberLastDay?: number;
  /** Whether this number ever had a job with the business. */
  numberHadJob?: boolean;
}

/** Which limit stopped a text: `total` is the category's whole budget, the one staff are told. */
export type SmsBudgetLimit = 'number' | 'total' | 'address' | 'new-number';

/**
 * Whether one more text of `category` fits its budget; the limit it would break and why, as
 * staff read it, otherwise. The narrowest limit is named first.
 */
export function smsBudgetProblem(
  category: SmsCategory,
  budget: SmsBudget,
  counts: SmsBudgetCounts,
): { limit: SmsBudgetLimit; reason: string } | null {
  if (
    budget.newNumberPerDay !== undefined &&
    counts.numberHadJob === false &&
    (counts.toNumberLastDay ?? 0) >= budget.newNumberPerDay
  ) {
    return { limit: 'new-number', reason: SMS_NOT_SENT.newNumber(budget.newNumberPerDay) };
  }
  if (budget.perNumberPerHour !== undefined && counts.toNumberLastHour >= budget.perNumberPerHour) {
    const reason =
      category === 'job-updates'
        ? SMS_NOT_SENT.numberCap(budget.perNumberPerHour)
        : `Not sent: ${budget.perNumberPerHour} texts of this kind to this number in the last hour is the limit (${NUMBER_VARIABLE[category]})`;
    return { limit: 'number', reason };
  }
  if (
    budget.perAddressPerDay !== undefined &&
    counts.fromAddressLastDay !== undefined &&
    counts.fromAddressLastDay >= budget.perAddressPerDay
  ) {
    return { limit: 'address', reason: SMS_NOT_SENT.addressCap(budget.perAddressPerDay) };
  }
  if (counts.inCategoryLastHour >= budget.perHour) {
    return { limit: 'total', reason: SMS_NOT_SENT.categoryCap(category, budget.perHour) };
  }
  return null;
}

/** How staff read a category. */
export const SMS_CATEGORY_LABELS: Readonly<Record<SmsCategory, string>> = {
  'booking-ack': 'Booking acknowledgement texts',
  'job-updates': 'Texts about jobs, quotes and payments',
  'staff-alerts': 'Texts to staff',
};

/**
 * The admin panel's warning while a category's hourly budget is used up: what was held back,
 * and what still goes.
 */
export function smsBudgetWarning(category: SmsCategory, heldBack: number, cap: number): string {
  const what = SMS_CATEGORY_LABELS[category];
  const still =
    category === 'job-updates'
      ? 'Booking acknowledgements and staff texts have budgets of their own.'
      : 'Texts about jobs still go.';
  return `${what}: ${heldBack} not sent in the last hour, because ${cap} an hour is their limit (${TOTAL_VARIABLE[category]}). ${still} Staff may send a held-back text again by hand from the job's history once the hour allows.`;
}

/**
 * Whether a customer's number (E.164, from {@link smsNumber}) may be texted: Australian mobiles
 * (`+614…`) when `61` is listed, a number of another country only when its calling code is.
 * Customer texts go to Australian mobiles only by default (SMS_COUNTRY_CODES), so the public
 * form cannot pump texts abroad at the business's cost.
 */
export function smsCountryAllowed(e164: string, countryCodes: readonly string[]): boolean {
  if (e164.startsWith('+61')) return countryCodes.includes('61') && e164.startsWith('+614');
  return countryCodes.some((code) => code !== '61' && e164.startsWith(`+${code}`));
}

/** Why a text was not sent, as staff read it in the job's history. */
export const SMS_NOT_SENT = {
  optedOut: 'Not sent: this number has opted out of texts',
  numberCap: (cap: number) =>
    `Not sent: ${cap} texts to this number in the last hour is the limit (SMS_PER_NUMBER_PER_HOUR)`,
  globalCap: (cap: number) =>
    `Not sent: ${cap} texts in the last hour is the limit for all customers (SMS_PER_HOUR)`,
  /** A category's whole hourly budget (job updates keep their original words). */
  categoryCap: (category: SmsCategory, cap: number): string =>
    category === 'job-updates'
      ? SMS_NOT_SENT.globalCap(cap)
      : category === 'staff-alerts'
        ? SMS_NOT_SENT.staffCap(cap)
        : `Not sent: ${cap} ${SMS_CATEGORY_LABELS[category].toLowerCase()} in the last hour is their limit (${TOTAL_VARIABLE[category]})`,
  addressCap: (cap: number) =>
    `Not sent: ${cap} booking acknowledgements a day to bookings made from one network address is the limit (SMS_BOOKING_ACK_PER_ADDRESS_PER_DAY)`,
  newNumber: (cap: number) =>
    `Not sent: a number that has never had a job with us gets at most ${cap} booking acknowledgement${cap === 1 ? '' : 's'} a day (SMS_BOOKING_ACK_PER_NUMBER_PER_DAY)`,
  country:
    'Not sent: texts go only to Australian mobiles and to the countries listed in SMS_COUNTRY_CODES',
  staffCap: (cap: number) =>
    `Not sent: ${cap} staff alert texts in the last hour is the limit (STAFF_SMS_PER_HOUR)`,
  interrupted:
    'The server stopped while this text was being sent; it may have arrived. Check with the customer before resending.',
} as const;

/** The tracking page's text-message control, by state. */
export const SMS_OPT_OUT_TEXT = {
  on: (masked: string) => `We text updates about this job to ${masked}.`,
  stop: 'Stop text messages',
  /** Asked once before texts stop: they stop for every job, not just this one. */
  confirm: (masked: string) =>
    `Stop all text messages to ${masked}? We will not text this number about any job until you turn them back on.`,
  confirmStop: 'Yes, stop texts',
  keep: 'Keep texts',
  off: (masked: string) =>
    `Text messages to ${masked} are off. We will not text this number again; reply START to one of our texts to turn them back on.`,
  /** Off from this page: the page can turn them back on. */
  offHere: (masked: string) =>
    `Text messages to ${masked} are off. We will not text this number again until you turn them back on here or reply START to one of our texts.`,
  start: 'Start text messages again',
  failed: 'Could not turn off text messages. Try again when you have signal.',
  startFailed: 'Could not turn text messages back on. Try again when you have signal.',
} as const;

/** The staff job history's messages panel. */
export const JOB_MESSAGES_TEXT = {
  title: 'Messages to the customer',
  none: 'No messages sent about this job yet.',
  needsConnection: 'Messages to the customer need a connection to show.',
  resend: 'Send again',
  resent: 'Queued to send again.',
  channel: { sms: 'Text', email: 'Email' },
  status: { pending: 'Pending', sending: 'Sending', sent: 'Sent', failed: 'Failed' },
  segments: (count: number) => `${count} segment${count === 1 ? '' : 's'}`,
} as const;
