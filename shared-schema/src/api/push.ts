/**
 * Web Push subscriptions: the browser's subscription for one job, sent by the
 * tracking page to POST /api/track/:token/push, and the server's public VAPID key.
 */
import { z } from 'zod';
import { MESSAGES } from '../messages';
import { pushEndpointProblem } from '../rules/push-endpoint';

/**
 * The browser's P-256 public key: 65 bytes (uncompressed point, first byte 0x04) in base64url,
 * 87 characters, so it always starts with 'B'.
 */
export const PUSH_P256DH_PATTERN = /^B[A-Za-z0-9_-]{86}=?$/;
/** The 16-byte auth secret in base64url: 22 characters. */
export const PUSH_AUTH_PATTERN = /^[A-Za-z0-9_-]{22}(==)?$/;

/**
 * The push service URL the browser was given: https on port 443 of a browser's push service
 * (rules/push-endpoint.ts), of a sane length.
 */
const endpointSchema = z
  .string({ error: MESSAGES.PUSH_ENDPOINT_INVALID })
  .trim()
  .max(1000, MESSAGES.PUSH_ENDPOINT_INVALID)
  .pipe(z.url({ protocol: /^https$/, error: MESSAGES.PUSH_ENDPOINT_INVALID }))
  .refine((endpoint) => pushEndpointProblem(endpoint) === null, MESSAGES.PUSH_ENDPOINT_INVALID);

/** POST /api/track/:token/push body: `PushSubscription.toJSON()` as the browser gives it. */
export const pushSubscriptionInputSchema = z.object({
  endpoint: endpointSchema,
  expirationTime: z.number().nullable().optional(),
  keys: z.object(
    {
      p256dh: z.string({ error: MESSAGES.PUSH_KEYS_INVALID }).regex(PUSH_P256DH_PATTERN, {
        error: MESSAGES.PUSH_KEYS_INVALID,
      }),
      auth: z
        .string({ error: MESSAGES.PUSH_KEYS_INVALID })
        .regex(PUSH_AUTH_PATTERN, { error: MESSAGES.PUSH_KEYS_INVALID }),
    },
    { error: MESSAGES.PUSH_KEYS_INVALID },
  ),
});
export type PushSubscriptionInput = z.infer<typeof pushSubscriptionInputSchema>;

/** Answer of subscribing. */
export const pushSubscribeResponseSchema = z.object({ subscribed: z.literal(true) });

/** GET /api/push/key answer: the server's VAPID public key (base64url). */
export const pushKeyResponseSchema = z.object({ publicKey: z.string() });
