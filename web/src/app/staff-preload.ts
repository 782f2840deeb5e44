/**
 * The staff code loaded ahead once someone starts on the login form, so a driver's job cards and
 * an owner's panel are on screen soon after tapping Login on one bar of signal. Without it the
 * screens, the sync engine and Dexie would be fetched and run only after the sign-in's answer, in
 * waves of chunks; with it they load while the person types, and the screen is ready when the
 * answer comes. Once per page: later calls find the modules loaded.
 *
 * All of it only when the service worker controls the page (the installed app, a driver's usual
 * case): the chunks then come from its cache and cost no signal. Over the network, only the two
 * staff routes, whose few kilobytes draw a driver's cards and an admin's first screen from the
 * sign-in's answer (features/driver/driver-first-screen.tsx, features/admin/admin-first-screen.tsx):
 * the role is not known before the answer, and on one bar the rest (hundreds of kilobytes) does
 * not fit in a few seconds of typing, so it would still be downloading when the sign-in is sent
 * and hold its answer back (decisions/2026-12-06-staff-code-while-typing.md).
 */
import { loadStaffSync } from './sync-code';

let started = false;

export function preloadStaffCode(): void {
  if (typeof navigator === 'undefined' || started) return;
  started = true;
  // A failed load is not an error here: the route loads (and reports) it again when opened.
  const loads = navigator.serviceWorker?.controller
    ? [
        import('./driver-route').then((m) => m.preloadDriverScreen()),
        loadStaffSync(),
        import('./require-admin').then((m) => m.preloadAdminScreen()),
      ]
    : [import('./driver-route'), import('./require-admin')];
  void Promise.all(loads).catch(() => undefined);
}
