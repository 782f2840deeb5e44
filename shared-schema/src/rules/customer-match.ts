/**
 * Who a customer is, for the public side (docs/security.md): a customer is known by their phone
 * number, never by their name — two customers may share a name, and a name is easy to guess.
 *
 * Phone numbers (the pattern the forms accept, also in docs/security.md):
 * - Australian, national form: ten digits starting 02, 03, 04, 07 or 08 (landlines and mobiles),
 *   or a 1300 / 1800 number;
 * - Australian, international form: +61 then the nine digits without the leading 0
 *   (`+61 412 345 678`);
 * - any other country: `+`, the country code and the number, 8 to 15 digits in all (E.164).
 * Spaces, hyphens, dots and brackets may separate the digits; nothing else is allowed.
 *
 * Two numbers are the same customer when their {@link phoneKey}s are equal, so `0412 345 678`,
 * `0412345678` and `+61 412 345 678` are one customer.
 */
import { SERIES_PREFIXES } from '../constants/ids';

const SEPARATORS = /[\s().-]/g;
const AU_NATIONAL = /^(?:0[23478]\d{8}|1[38]00\d{6})$/;
const AU_INTERNATIONAL = /^\+61[23478]\d{8}$/;
const INTERNATIONAL = /^\+[1-9]\d{7,14}$/;

/** The number with separators removed: `'0412 345-678'` → `'0412345678'`, `'+61 4…'` → `'+614…'`. */
function compact(phone: string): string {
  return phone.trim().replace(SEPARATORS, '');
}

/** Whether the text is a phone number of the accepted pattern (see the module comment). */
export function isValidPhone(phone: string): boolean {
  const text = compact(phone);
  if (AU_NATIONAL.test(text) || AU_INTERNATIONAL.test(text)) return true;
  // +61 numbers must be Australian numbers; other country codes follow E.164.
  return INTERNATIONAL.test(text) && !text.startsWith('+61');
}

/**
 * The comparable form of a phone number: Australian numbers in national form (`0412345678`,
 * whether written `+61 412 345 678` or `0412 345 678`), others as `+` and digits; '' when the
 * text holds no digits. Numbers of the old free-text records compare by their digits.
 */
export function phoneKey(phone: string): string {
  const text = compact(phone);
  const digits = text.replace(/\D/g, '');
  if (digits === '') return '';
  if (/^\+?61[23478]\d{8}$/.test(text)) return `0${digits.slice(2)}`;
  if (text.startsWith('+')) return `+${digits}`;
  return digits;
}

/** Whether two phone numbers are the same number (equal keys, and not empty). */
export function samePhone(a: string, b: string): boolean {
  const key = phoneKey(a);
  return key !== '' && key === phoneKey(b);
}

/** Digits a customer may type to prove a job is theirs: the last four of its phone. */
export const PHONE_PROOF_DIGITS = 4;

/** The last four digits of a phone number ('' when it has fewer). */
export function lastPhoneDigits(phone: string): string {
  const digits = phone.replace(/\D/g, '');
  return digits.length >= PHONE_PROOF_DIGITS ? digits.slice(-PHONE_PROOF_DIGITS) : '';
}

/**
 * Whether `given` proves the customer knows the phone on file: either the whole number (any
 * accepted way of writing it) or exactly its last four digits.
 */
export function phoneProofMatches(stored: string, given: string): boolean {
  const digits = given.replace(/\D/g, '');
  if (digits.length === PHONE_PROOF_DIGITS && given.replace(SEPARATORS, '').length === 4) {
    return lastPhoneDigits(stored) === digits;
  }
  return samePhone(stored, given);
}

/** True when the text is a job id (`JOB-2026-123`, any case) rather than a phone number. */
export function isJobIdLookup(text: string): boolean {
  return new RegExp(`^${SERIES_PREFIXES.job}-\\d{4}-P?\\d{1,9}$`, 'i').test(text.trim());
}

/** True when the text is a booking reference (`BKG-2026-12`, any case). */
export function isBookingIdLookup(text: string): boolean {
  return new RegExp(`^${SERIES_PREFIXES.booking}-\\d{4}-\\d{1,9}$`, 'i').test(text.trim());
}
