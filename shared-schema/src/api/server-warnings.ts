/**
 * GET /api/server-warnings (admins): what the server needs the owners to know now, shown as
 * banners on the admin panel beside the missing-ABN one. Each is a plain sentence saying what
 * is wrong and what still works.
 */
import { z } from 'zod';

/** What a warning is about: an id series far off its course, a text budget used up. */
export const SERVER_WARNING_KINDS = ['id-series', 'sms-budget'] as const;

export const serverWarningSchema = z.object({
  kind: z.enum(SERVER_WARNING_KINDS),
  title: z.string(),
  message: z.string(),
});
/** One warning the admin panel shows. */
export type ServerWarning = z.infer<typeof serverWarningSchema>;

export const serverWarningsResponseSchema = z.object({ warnings: z.array(serverWarningSchema) });
/** The answer of GET /api/server-warnings. */
export type ServerWarningsResponse = z.infer<typeof serverWarningsResponseSchema>;
