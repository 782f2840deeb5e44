/**
 * Tracking tokens (docs/security.md): every job and every booking carries a random token of at
 * least 128 bits, written in base64url. The customer's tracking link carries it, so whoever holds
 * the link sees that one job (or pending booking) and nobody can list jobs by counting ids.
 *
 * Who mints them: the server for public bookings and for jobs made through REST; a staff device
 * for a job it creates offline (in the `job.create` arguments, checked against
 * {@link TRACKING_TOKEN_PATTERN}); an approved booking hands its token to its job, so a link given
 * at booking time keeps working. Minting needs a random source, so it lives in the server and the
 * web app; this module only says what a token looks like and where a link points.
 */

/** Random bytes in a minted token: 128 bits, 22 base64url characters. */
export const TRACKING_TOKEN_BYTES = 16;

/**
 * What a tracking token looks like: 22 to 64 base64url characters (22 characters carry 132 bits;
 * older rows hold 32 hexadecimal characters, 128 bits, which match too).
 */
export const TRACKING_TOKEN_PATTERN = /^[A-Za-z0-9_-]{22,64}$/;

/** Whether the text has the form of a tracking token. */
export function isTrackingToken(text: string): boolean {
  return TRACKING_TOKEN_PATTERN.test(text);
}

/** Bytes → base64url without padding (works in browsers and Node alike). */
export function base64url(bytes: Uint8Array): string {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
  let out = '';
  for (let i = 0; i < bytes.length; i += 3) {
    const a = bytes[i] ?? 0;
    const b = bytes[i + 1] ?? 0;
    const c = bytes[i + 2] ?? 0;
    const triple = (a << 16) | (b << 8) | c;
    const chars = Math.min(4, Math.ceil(((bytes.length - i) * 8) / 6));
    for (let k = 0; k < chars; k++) out += alphabet[(triple >> (18 - 6 * k)) & 63];
  }
  return out;
}

/** The portal path a tracking link opens: `/customer-portal?token=…`. */
export function trackingPath(token: string): string {
  return `/customer-portal?token=${encodeURIComponent(token)}`;
}

/** The full tracking link: `${PUBLIC_URL}/customer-portal?token=…`. */
export function trackingUrl(publicUrl: string, token: string): string {
  return `${publicUrl.replace(/\/+$/, '')}${trackingPath(token)}`;
}

/** The checkout path of a quote's pay link: `/checkout?quote=Q-…&token=…`. */
export function checkoutPath(quoteId: string, token?: string | null): string {
  const query = `quote=${encodeURIComponent(quoteId)}`;
  return `/checkout?${token ? `${query}&token=${encodeURIComponent(token)}` : query}`;
}
