import { z } from 'zod';
import { bookingIdSchema, invoiceIdSchema, jobIdSchema, quoteIdSchema } from '../entities/common';

/**
 * Body of every non-success response: a message, and for a 400 from validation the message of
 * each bad field (keyed by its dotted path, such as `items.0.description`).
 */
export const apiErrorSchema = z.object({
  error: z.string(),
  fields: z.record(z.string(), z.string()).optional(),
});
/** Error response body. */
export type ApiError = z.infer<typeof apiErrorSchema>;

/** Body of writes that answer with nothing but success (contact, logout, delete). */
export const successResponseSchema = z.object({
  success: z.literal(true),
  message: z.string().optional(),
});
/** Success response body. */
export type SuccessResponse = z.infer<typeof successResponseSchema>;

/**
 * The body of a write that takes none: it acts on what its path names (send, resend, stop, log
 * out). Whatever is sent is ignored.
 */
export const noBodySchema = z
  .object({})
  .meta({ description: 'No body: the call acts on its path' });

/** A PDF file answer (the body is the file, `Content-Type: application/pdf`). */
export const pdfFileSchema = z
  .any()
  .meta({ type: 'string', format: 'binary', description: 'The PDF file' });

/** An image file answer (the body is the image: JPEG, or the PNG of a signature). */
export const imageFileSchema = z
  .any()
  .meta({ type: 'string', format: 'binary', description: 'The image file' });

/** A CSV file answer (UTF-8 with a byte-order mark, `Content-Type: text/csv`). */
export const csvFileSchema = z
  .any()
  .meta({ type: 'string', description: 'The CSV file, with a header row' });

/** GET /api/health answer: the process is up and the database answers. */
export const healthResponseSchema = z.object({
  status: z.literal('ok'),
  time: z.iso.datetime({ offset: true }),
});

/** Route params `{id}` of tables with integer ids (params arrive as text). */
export const intIdParamsSchema = z.object({ id: z.coerce.number().int().positive() });
/** Route params of a job. */
export const jobIdParamsSchema = z.object({ id: jobIdSchema });
/** Route params of a booking. */
export const bookingIdParamsSchema = z.object({ id: bookingIdSchema });
/** Route params of a quote. */
export const quoteIdParamsSchema = z.object({ id: quoteIdSchema });
/** Route params of an invoice. */
export const invoiceIdParamsSchema = z.object({ id: invoiceIdSchema });

/**
 * Turns zod issues into the `fields` map of {@link apiErrorSchema}: the first message per field,
 * keyed by its dotted path (`items.0.description`); an issue about the whole value goes under
 * `_`. The one way bad input is reported, by the API and by the mutators alike.
 */
export function issuesToFields(
  issues: readonly { path: readonly PropertyKey[]; message: string }[],
): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const issue of issues) {
    const key = issue.path.length > 0 ? issue.path.map(String).join('.') : '_';
    fields[key] ??= issue.message;
  }
  return fields;
}
