/**
 * The staff code loaded ahead once someone starts on the login form, so a driver's job cards and
 * an owner's panel are on screen soon after tapping Login on one bar of signal. Without it the
 * screens, the sync engine and Dexie would be fetched and run only after the sign-in's answer, in
 * waves of chunks; with it they load while the person types, and the screen is ready when the
 * answer comes. Once per page: later calls find the modules loaded.
 *
 * When the service worker controls the page (the installed app, a driver's usual case) the chunks
 * come from its cache and cost no signal. On a first visit the role is not known before the
 * answer; the chunks are fetched anyway, while the person types: the service worker installing
 * on that first visit downloads every route chunk for any visitor (vite.config.ts precaches
 * them), so a customer signing in pays no byte more, and staff find their screen's code in.
 */
let started = false;

export function preloadStaffCode(): void {
  if (typeof navigator === 'undefined' || started) return;
  started = true;
  // The driver's route first: its few kilobytes draw their cards from the sign-in's answer
  // (features/driver/driver-first-screen.tsx). A failed load is not an error here: the route
  // loads (and reports) it again when opened.
  void Promise.all([
    import('./driver-route').then((m) => m.preloadDriverScreen()),
    import('./staff-sync'),
    import('./require-admin').then((m) => m.preloadAdminScreen()),
  ]).catch(() => undefined);
}
