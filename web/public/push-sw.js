// @ts-check
/**
 * Web Push in the service worker (customers' job news, and staff's new-booking alerts), loaded
 * by the generated worker through
 * workbox `importScripts` (vite.config.ts); being in public/, it is precached with the rest, and
 * a change to it changes the worker's precache list, so browsers pick it up as an update.
 *
 * The server sends a JSON payload built from the shared texts (shared-schema
 * rules/customer-messages.ts `pushMessageFor`, rules/staff-alerts.ts `staffPushMessage`: title,
 * body, url, tag, and for staff `requireInteraction`, so a new booking stays on the screen until
 * someone taps it); this shows it, and a tap opens (or focuses) the page it names: the job's
 * tracking page, or the admin panel on the booking. Type-checked with the web app.
 */
/** @type {ServiceWorkerGlobalScope} */
const worker = /** @type {any} */ (self);

/** Where a notification without a link of its own leads. */
const FALLBACK_PATH = '/customer-portal';

/**
 * The page of this site a notification's link names: its path and query on this worker's own
 * origin, so a tap never leaves the site (and a server whose PUBLIC_URL differs from where the
 * app was installed still opens the right page).
 * @param {unknown} link
 */
function pageOf(link) {
  try {
    const url = new URL(typeof link === 'string' ? link : FALLBACK_PATH, worker.location.origin);
    return new URL(url.pathname + url.search, worker.location.origin).href;
  } catch {
    return new URL(FALLBACK_PATH, worker.location.origin).href;
  }
}

worker.addEventListener('push', (event) => {
  /** @type {{ title?: unknown, body?: unknown, url?: unknown, tag?: unknown, requireInteraction?: unknown }} */
  let message;
  try {
    message = event.data ? event.data.json() : {};
  } catch {
    message = { body: event.data ? event.data.text() : '' };
  }
  const title = typeof message.title === 'string' && message.title ? message.title : 'Pilbara Tow';
  /** @type {NotificationOptions} */
  const options = {
    body: typeof message.body === 'string' ? message.body : '',
    icon: '/icons/icon-192.png',
    badge: '/icons/icon-192.png',
    data: { url: pageOf(message.url) },
  };
  // One notification per job: "Job complete" replaces "on the way" on the phone.
  if (typeof message.tag === 'string' && message.tag) options.tag = message.tag;
  // A new booking for staff stays on the screen until someone taps it.
  if (message.requireInteraction === true) options.requireInteraction = true;
  event.waitUntil(worker.registration.showNotification(title, options));
});

worker.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const target = pageOf(event.notification.data?.url);
  event.waitUntil(
    worker.clients.matchAll({ type: 'window', includeUncontrolled: true }).then((windows) => {
      const open = windows.find((client) => client.url === target);
      return open ? open.focus() : worker.clients.openWindow(target);
    }),
  );
});
