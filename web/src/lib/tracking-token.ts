/**
 * A tracking token minted on the device (docs/security.md): 128 random bits from the browser's
 * CSPRNG, in base64url, so a job created offline carries its customer's tracking link from the
 * start. The server checks only its form: staff are trusted.
 */
import { TRACKING_TOKEN_BYTES, base64url } from '@pilbara/shared-schema';

export function mintTrackingToken(): string {
  return base64url(crypto.getRandomValues(new Uint8Array(TRACKING_TOKEN_BYTES)));
}
