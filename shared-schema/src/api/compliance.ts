/**
 * Bodies of the complaints form (public) and of the records exports (staff), validated alike on
 * the page, in the browser's outbox and by the server.
 */
import { z } from 'zod';
import { MESSAGES } from '../messages';
import { booksRangeQuerySchema } from './billing';

/** POST /api/complaints: a complaint from the public page. */
export const complaintInputSchema = z
  .object({
    name: z
      .string({ error: MESSAGES.NAME_MIN })
      .trim()
      .min(2, { error: MESSAGES.NAME_MIN })
      .max(100),
    phone: z
      .string()
      .trim()
      .max(40)
      .transform((value) => (value === '' ? null : value))
      .nullable()
      .default(null),
    email: z
      .union([z.literal(''), z.email({ error: MESSAGES.EMAIL_INVALID }).max(254)])
      .transform((value) => (value === '' ? null : value))
      .nullable()
      .default(null),
    reference: z
      .string()
      .trim()
      .max(100)
      .transform((value) => (value === '' ? null : value))
      .nullable()
      .default(null),
    details: z
      .string({ error: 'Tell us what happened' })
      .trim()
      .min(10, { error: 'Tell us what happened (at least 10 characters)' })
      .max(4000),
  })
  .refine((input) => input.phone !== null || input.email !== null, {
    error: 'Give a phone number or an email so we can reply',
    path: ['email'],
  });
/** A complaint as the form sends it. */
export type ComplaintInput = z.input<typeof complaintInputSchema>;

/** What the server answers a stored complaint: its number in the register. */
export const complaintResponseSchema = z.object({
  success: z.literal(true),
  complaintId: z.number().int().positive(),
});

/**
 * The authorised officer's request pack: one job (`?jobId=`), or a Perth date range (the books'
 * range: `?from=YYYY-MM-DD&to=YYYY-MM-DD`).
 */
export const officerPackQuerySchema = z.union([
  z.object({ jobId: z.string().min(1).max(40) }),
  booksRangeQuerySchema,
]);
