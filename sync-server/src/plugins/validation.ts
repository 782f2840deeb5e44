/**
 * Request validation with the shared zod schemas: `parse(schema, data)` returns the parsed value
 * (unknown keys stripped, as zod objects do by default) or throws a 400 `{error, fields}` whose
 * field messages are the schema's own — the spec's texts, word for word.
 */
import type { z } from 'zod';
import { HttpError } from '../http-error';

/** `{ 'items.0.quantity': message }` — the first message per field, in schema order. */
export function fieldErrors(error: z.ZodError): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = issue.path.length ? issue.path.map(String).join('.') : '_';
    fields[key] ??= issue.message;
  }
  return fields;
}

export function parse<S extends z.ZodType>(schema: S, data: unknown): z.output<S> {
  const result = schema.safeParse(data ?? {});
  if (result.success) return result.data;
  const fields = fieldErrors(result.error);
  const first = Object.values(fields)[0] ?? 'Invalid request';
  throw new HttpError(400, first, fields);
}
