/**
 * Request bodies the server needs that shared-schema does not (yet) export. Each mirrors the
 * shared messages so the texts stay in one place.
 */
import { z } from 'zod';
import { MESSAGES } from '@pilbara/shared-schema';

const requiredText = (message: string, max: number, maxMessage?: string) =>
  z
    .string({ error: message })
    .trim()
    .min(1, { error: message })
    .max(max, { error: maxMessage ?? `Must be at most ${max} characters` });

export const registerInputSchema = z.object({
  username: requiredText(MESSAGES.USERNAME_REQUIRED, 50, MESSAGES.USERNAME_MAX)
    .min(3, { error: MESSAGES.USERNAME_MIN })
    .regex(/^[A-Za-z0-9._-]+$/, { error: MESSAGES.USERNAME_CHARACTERS }),
  password: z
    .string({ error: MESSAGES.PASSWORD_REQUIRED })
    .min(8, { error: MESSAGES.PASSWORD_MIN })
    .max(255, { error: MESSAGES.PASSWORD_MAX }),
  email: requiredText(MESSAGES.EMAIL_REQUIRED, 100, MESSAGES.EMAIL_MAX).pipe(
    z.email({ error: MESSAGES.EMAIL_INVALID }),
  ),
  firstName: z.string().trim().max(100).optional(),
  lastName: z.string().trim().max(100).optional(),
  phone: z.string().trim().max(20, { error: MESSAGES.PHONE_MAX }).optional(),
});

export const loginInputSchema = z.object({
  username: requiredText(MESSAGES.USERNAME_REQUIRED, 50, MESSAGES.USERNAME_MAX),
  password: z
    .string({ error: MESSAGES.PASSWORD_REQUIRED })
    .min(1, { error: MESSAGES.PASSWORD_REQUIRED })
    .max(255, { error: MESSAGES.PASSWORD_MAX }),
});
