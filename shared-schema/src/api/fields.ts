/**
 * Building blocks of request schemas. Required text fields use `z.string({ error }).trim().min(1,
 * msg)` so that a missing value, a wrong type and an empty input all show the same spec message
 * under the form field. Optional text turns '' and missing into null, matching the nullable
 * columns of the entities.
 */
import { z } from 'zod';
import { MESSAGES } from '../messages';
import { isValidPhone } from '../rules/customer-match';
import { hasControlCharacters } from '../rules/plain-text';
import { REASON_MAX } from '../rules/booking-outcomes';

/**
 * A required text field whose missing, wrong-typed or empty value shows `message`; `maxMessage`,
 * when given, names a value longer than `max`.
 */
export function requiredText(message: string, max = 255, maxMessage?: string) {
  return z.string({ error: message }).trim().min(1, message).max(max, maxMessage);
}

/**
 * A required one-line text field (a name, a service, a place): like {@link requiredText}, and a
 * line break or other control character is refused with 'Please keep this to one line' (issue
 * 25), so nothing a visitor types can add a line to an email or a header.
 */
export function requiredLine(message: string, max = 255) {
  return requiredText(message, max).refine(
    (value) => !hasControlCharacters(value),
    MESSAGES.ONE_LINE,
  );
}

/** Optional free text: '', whitespace, null and missing all become null. */
export function optionalText(max = 2000) {
  return z
    .string()
    .max(max)
    .nullish()
    .transform((value) =>
      value === null || value === undefined || value.trim() === '' ? null : value.trim(),
    );
}

/** Optional one-line text (a vehicle, a place): like {@link optionalText}, on one line. */
export function optionalLine(max = 255) {
  return optionalText(max).refine(
    (value) => value === null || !hasControlCharacters(value),
    MESSAGES.ONE_LINE,
  );
}

/** Optional email: valid when present; '' and missing become null. */
export function optionalEmail() {
  return z
    .union([z.literal(''), z.email(MESSAGES.EMAIL_INVALID).max(100, MESSAGES.EMAIL_MAX)])
    .nullish()
    .transform((value) => (value ? value : null));
}

/** Integer cents, never negative, failing with `message`. */
export function centsInput(message: string) {
  return z.number({ error: message }).int(message).min(0, message);
}

/** A calendar date `YYYY-MM-DD` or a full ISO timestamp, required, failing with `message`. */
export function requiredDate(message: string) {
  return z
    .string({ error: message })
    .trim()
    .min(1, message)
    .refine(
      (value) => z.union([z.iso.date(), z.iso.datetime({ offset: true })]).safeParse(value).success,
      message,
    );
}

/** An optional date or timestamp; '' and missing become null. */
export function optionalDate() {
  return z
    .union([z.literal(''), z.iso.date(), z.iso.datetime({ offset: true })])
    .nullish()
    .transform((value) => (value ? value : null));
}

/** A fleet vehicle reference, failing with 'Vehicle is required'. */
export const vehicleIdInput = z
  .number({ error: MESSAGES.VEHICLE_REQUIRED })
  .int(MESSAGES.VEHICLE_REQUIRED)
  .min(1, MESSAGES.VEHICLE_REQUIRED);

/** Optional id an offline device minted for the new row (the server mints one when absent). */
export const optionalIntId = z.number().int().positive().optional();

/**
 * A required phone number of the accepted pattern (rules/customer-match.ts): at least 10
 * characters and a real Australian or international number, else 'Please enter a valid phone
 * number'; missing or blank shows `requiredMessage`.
 */
export function phoneField(requiredMessage: string = MESSAGES.PHONE_INVALID) {
  return (
    z
      .string({ error: requiredMessage })
      .trim()
      .min(1, requiredMessage)
      .min(10, MESSAGES.PHONE_INVALID)
      .max(20, MESSAGES.PHONE_MAX)
      // Length problems already have their own message; the pattern speaks for the rest.
      .refine(
        (value) => value.length < 10 || value.length > 20 || isValidPhone(value),
        MESSAGES.PHONE_INVALID,
      )
  );
}

/** Integer cents from 0 up to `max`, failing with `message` below and `maxMessage` above. */
export function boundedCents(message: string, max: number, maxMessage: string) {
  return centsInput(message).max(max, maxMessage);
}

/** A whole number from `min` up to `max`, failing with `message` below and `maxMessage` above. */
export function boundedInt(min: number, message: string, max: number, maxMessage: string) {
  return z.number({ error: message }).int(message).min(min, message).max(max, maxMessage);
}

/** A reason staff give the customer: one line of plain words. */
export const reasonSchema = z
  .string({ error: MESSAGES.REASON_REQUIRED })
  .trim()
  .min(3, MESSAGES.REASON_REQUIRED)
  .max(REASON_MAX, MESSAGES.REASON_TOO_LONG)
  .refine((text) => !/[\r\n]/.test(text), MESSAGES.REASON_ONE_LINE);
