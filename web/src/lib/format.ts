/** Display helpers of the public pages: phone links. Money is formatted by shared-schema. */

/** A `tel:` address for a displayed phone number: digits and a leading plus only. */
export function telHref(phone: string): string {
  const trimmed = phone.trim();
  const digits = trimmed.replace(/[^\d]/g, '');
  return `tel:${trimmed.startsWith('+') ? '+' : ''}${digits}`;
}
