/**
 * Staff-only routes (docs/security.md): guests and customers opening /admin go to /auth. The server
 * refuses every staff call from them anyway (403); this keeps them off a screen they cannot use.
 * `AdminRoute` composes the admin panel with the Quotes & Billing tab and the live-status widget,
 * all lazily, so none of the staff code reaches the public pages.
 */
import { lazy, Suspense, useDeferredValue, type ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import { Center, Loader } from '@mantine/core';
import { useAuth } from '../lib/auth';
import { useAdminPreview } from '../lib/admin-preview';
// In this route's own chunk: the first screen from the sign-in answer needs nothing more.
import { AdminPreviewScreen } from '../features/admin/admin-first-screen';
import { afterSyncCode, loadSyncStatus } from './sync-code';

const loadLiveStatus = afterSyncCode(() => import('../features/live-status'));

// The parts shown above the tabs (the sync chip, the needs-attention list, the live-status
// widget) are fetched with the panel, not after it: the panel's first render would otherwise
// discover them one by one, and each one landing later pushes the tabs down (the chip wraps the
// title row on a phone, the widget is about 140 px tall), so on a slow phone a tap meant for a tab
// lands on whatever moved under the finger.
const loadAdmin = afterSyncCode(() => import('../features/admin'));
const AdminPage = lazy(() => {
  void loadSyncStatus();
  void loadLiveStatus();
  return loadAdmin().then((m) => ({ default: m.AdminPage }));
});

/**
 * Loads the admin panel and the parts shown above its tabs: called while the person types on the
 * login form (staff-preload.ts), so the panel is ready when the sign-in's answer comes.
 */
export function preloadAdminScreen(): Promise<unknown> {
  return Promise.all([loadAdmin(), loadSyncStatus(), loadLiveStatus()]);
}
const loadQuotes = afterSyncCode(() => import('../features/quotes'));
const BillingTab = lazy(() => loadQuotes().then((m) => ({ default: m.BillingTab })));
const loadAccounts = afterSyncCode(() => import('../features/accounts'));
const AccountsTab = lazy(() => loadAccounts().then((m) => ({ default: m.AccountsTab })));
const PricesTab = lazy(() => loadAccounts().then((m) => ({ default: m.PricesTab })));
const SyncStatusChip = lazy(() => loadSyncStatus().then((m) => ({ default: m.SyncStatusChip })));
const NeedsAttentionList = lazy(() =>
  loadSyncStatus().then((m) => ({ default: m.NeedsAttentionList })),
);
// The dispatch board is reached through the /admin/* route, so its route costs the public
// pages' app chunk nothing.
const loadDispatch = afterSyncCode(() => import('../features/dispatch'));
const DispatchPage = lazy(() => loadDispatch().then((m) => ({ default: m.DispatchPage })));
const LiveStatusWidget = lazy(() =>
  loadLiveStatus().then((m) => ({ default: m.LiveStatusWidget })),
);
const loadStaffAlerts = afterSyncCode(() => import('../features/staff-alerts'));
const OnCallPanel = lazy(() => loadStaffAlerts().then((m) => ({ default: m.OnCallPanel })));

/**
 * Renders `children` for a signed-in admin. A signed-in driver is sent to their own screen
 * (a driver never meets a screen that sends them to /auth while signed in); anyone
 * else to /auth. While the app is still asking the server whether the browser has a session
 * (a sign-in posted before the script ran), it waits.
 */
export function RequireAdmin({ children }: { children: ReactNode }) {
  const { isAdmin, isDriver, checking } = useAuth();
  const location = useLocation();
  if (checking) return <Loading />;
  if (isDriver) return <Navigate to="/driver" replace />;
  if (!isAdmin)
    return <Navigate to="/auth" replace state={{ from: location.pathname + location.search }} />;
  return <>{children}</>;
}

function Loading() {
  return (
    <Center py="xl">
      <Loader />
    </Center>
  );
}

/**
 * The needs-attention list for the signed-in staff member (their notices). No Suspense
 * boundary of its own in the panel (see AdminRoute); the fleet page (routes.tsx) gives it one.
 */
export function StaffNeedsAttention() {
  const { user } = useAuth();
  return <NeedsAttentionList userId={typeof user?.id === 'number' ? user.id : null} />;
}

/**
 * The /admin route: the guard, then the panel with its hosted screens. The parts above the tabs
 * have no Suspense boundary of their own: the panel shows once, with them in place.
 */
export function AdminRoute() {
  const { pathname } = useLocation();
  const preview = useAdminPreview();
  // Right after a sign-in that brought the panel's first screen, it is drawn first from this
  // chunk alone; the panel renders behind it as a transition, and while its code is still
  // loading the first screen stays (the panel itself keeps it until the device has the rows).
  const full = useDeferredValue(true, preview === null);
  if (pathname === '/admin/dispatch')
    return (
      <RequireAdmin>
        <Suspense fallback={<Loading />}>
          <DispatchPage syncStatus={<SyncStatusChip />} />
        </Suspense>
      </RequireAdmin>
    );
  return (
    <RequireAdmin>
      <Suspense fallback={<Loading />}>
        {!full && preview ? (
          <AdminPreviewScreen screen={preview} />
        ) : (
          <AdminPage
            quotesTab={
              <Suspense fallback={<Loading />}>
                <BillingTab />
              </Suspense>
            }
            accountsTab={
              <Suspense fallback={<Loading />}>
                <AccountsTab />
              </Suspense>
            }
            pricesTab={
              <Suspense fallback={<Loading />}>
                <PricesTab />
              </Suspense>
            }
            syncStatus={<SyncStatusChip />}
            syncIssues={<StaffNeedsAttention />}
            liveStatus={(props) => <LiveStatusWidget {...props} />}
            onCallTab={
              <Suspense fallback={<Loading />}>
                <OnCallPanel />
              </Suspense>
            }
          />
        )}
      </Suspense>
    </RequireAdmin>
  );
}
