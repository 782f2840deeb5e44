/**
 * The staff code loaded ahead once someone starts on the login form, so a driver's job cards are
 * on screen soon after tapping Login on one bar of signal. Without it the driver's screen, the
 * sync engine and Dexie would be fetched and run only after the sign-in's answer, in three waves
 * of chunks; with it they load while the person types, and the screen is ready when the answer
 * comes. Once per page: later calls find the modules loaded.
 *
 * Only when the service worker controls the page (the installed app, a driver's usual case): the
 * chunks then come from its cache and cost no signal. On a first visit the role is not known
 * before the answer, and a customer signing in must not download the staff code over their link.
 */
let started = false;
let firstScreen = false;

export function preloadStaffCode(): void {
  if (typeof navigator === 'undefined') return;
  if (!navigator.serviceWorker?.controller) {
    // A first visit: only the driver's route, whose chunk draws their cards from the sign-in's
    // answer (features/driver/driver-first-screen.tsx) and is a few kilobytes, so a customer
    // who signs in pays next to nothing for it and a driver's cards do not wait on a download
    // after the answer. The engine and Dexie load once the role is known.
    if (firstScreen) return;
    firstScreen = true;
    void import('./driver-route').catch(() => undefined);
    return;
  }
  if (started) return;
  started = true;
  // A failed load is not an error here: the route loads (and reports) it again when opened.
  void Promise.all([
    import('./staff-sync'),
    import('./driver-route').then((m) => m.preloadDriverScreen()),
  ]).catch(() => undefined);
}
