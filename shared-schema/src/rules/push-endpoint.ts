/**
 * Where the server may send Web Push: only to the push services of the browsers. A
 * subscription's endpoint is an address the browser was given by its vendor's push service; any
 * other address — an IP literal, a private host, a non-443 port, a URL with credentials — would
 * make the server a proxy that a tracking-link holder can point anywhere.
 *
 * The allow-list is of host suffixes (the host itself or any name below it):
 *
 * | Suffix | Browsers |
 * |---|---|
 * | `fcm.googleapis.com` | Chrome, Edge on Android, Samsung Internet, Opera, Brave (Firebase Cloud Messaging) |
 * | `push.services.mozilla.com` | Firefox (Mozilla Push Service, `updates.push.services.mozilla.com`) |
 * | `push.apple.com` | Safari on macOS and iOS (`web.push.apple.com`) |
 * | `notify.windows.com` | Edge on Windows (Windows Push Notification Services, `*.notify.windows.com`) |
 *
 * The server checks the endpoint again when it sends, with the platform's URL parser, and refuses
 * a name that resolves to a private, loopback or link-local address (sync-server services/push.ts).
 */

/** Host suffixes of the browsers' push services. */
export const PUSH_SERVICE_HOSTS = [
  'fcm.googleapis.com',
  'push.services.mozilla.com',
  'push.apple.com',
  'notify.windows.com',
] as const;

/** Whether `host` (lowercase, no port) is one of `suffixes` or a name below one. */
export function isPushServiceHost(
  host: string,
  suffixes: readonly string[] = PUSH_SERVICE_HOSTS,
): boolean {
  return suffixes.some((suffix) => host === suffix || host.endsWith(`.${suffix}`));
}

/** Why an endpoint is refused, or null when the server may send to it. */
export function pushEndpointProblem(
  endpoint: string,
  suffixes: readonly string[] = PUSH_SERVICE_HOSTS,
): string | null {
  // Backslashes and white space are read differently by different URL parsers: never accepted.
  if (/[\s\\]/.test(endpoint)) return 'not a plain URL';
  const match = /^https:\/\/([^/?#]*)([/?#].*)?$/i.exec(endpoint);
  if (!match) return 'not an https URL';
  const authority = match[1] ?? '';
  if (authority.includes('@')) return 'carries credentials';
  if (authority.startsWith('[')) return 'an IP address';
  const colon = authority.lastIndexOf(':');
  const host = (colon >= 0 ? authority.slice(0, colon) : authority).toLowerCase();
  const port = colon >= 0 ? authority.slice(colon + 1) : '';
  if (port !== '' && port !== '443') return 'not port 443';
  if (host === '' || host.includes('%') || host.endsWith('.')) return 'not a host name';
  // A numeric last label (127.0.0.1, 2130706433, 0x7f000001, 127.1) is an address, not a name.
  const last = host.split('.').pop() ?? '';
  if (/^(\d+|0x[0-9a-f]*)$/.test(last)) return 'an IP address';
  if (!/^[a-z0-9.-]+$/.test(host)) return 'not a host name';
  if (!isPushServiceHost(host, suffixes)) return 'not a browser push service';
  return null;
}
