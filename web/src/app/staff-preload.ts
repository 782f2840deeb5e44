/**
 * The staff code loaded ahead once someone starts on the login form (issue 30: a driver's job
 * cards within 3 s of tapping Login on one bar of signal). Without it the driver's screen, the
 * sync engine and Dexie were fetched and run only after the sign-in's answer, in three waves of
 * chunks; with it they load while the person types, and the screen is ready when the answer
 * comes. Once per page: later calls find the modules loaded.
 *
 * Only when the service worker controls the page (the installed app, a driver's usual case): the
 * chunks then come from its cache and cost no signal. On a first visit the role is not known
 * before the answer, and a customer signing in must not download the staff code over their link.
 */
let started = false;

export function preloadStaffCode(): void {
  if (typeof navigator === 'undefined' || !navigator.serviceWorker?.controller) return;
  if (started) return;
  started = true;
  // A failed load is not an error here: the route loads (and reports) it again when opened.
  void Promise.all([
    import('./staff-sync'),
    import('./driver-route').then((m) => m.preloadDriverScreen()),
  ]).catch(() => undefined);
}
