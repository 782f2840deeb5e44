/**
 * Staff-only routes (DESIGN §7): guests and customers opening /admin go to /auth. The server
 * refuses every staff call from them anyway (403); this keeps them off a screen they cannot use.
 * `AdminRoute` composes the admin panel with the Quotes & Billing tab and the live-status widget,
 * all lazily, so none of the staff code reaches the public pages.
 */
import { lazy, Suspense, type ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import { Center, Loader } from '@mantine/core';
import { useAuth } from '../components/auth-provider';

const AdminPage = lazy(() => import('../features/admin').then((m) => ({ default: m.AdminPage })));
const BillingTab = lazy(() =>
  import('../features/quotes').then((m) => ({ default: m.BillingTab })),
);
const SyncStatusChip = lazy(() =>
  import('../features/sync-status').then((m) => ({ default: m.SyncStatusChip })),
);
const NeedsAttentionList = lazy(() =>
  import('../features/sync-status').then((m) => ({ default: m.NeedsAttentionList })),
);
const LiveStatusWidget = lazy(() =>
  import('../features/live-status').then((m) => ({ default: m.LiveStatusWidget })),
);

/** Renders `children` for a signed-in admin; anyone else is sent to /auth. */
export function RequireAdmin({ children }: { children: ReactNode }) {
  const { isAdmin } = useAuth();
  const location = useLocation();
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

/** The /admin route: the guard, then the panel with its hosted screens. */
/** The needs-attention list for the signed-in staff member (their notices, issue 28). */
export function StaffNeedsAttention() {
  const { user } = useAuth();
  return (
    <Suspense fallback={null}>
      <NeedsAttentionList userId={typeof user?.id === 'number' ? user.id : null} />
    </Suspense>
  );
}

export function AdminRoute() {
  return (
    <RequireAdmin>
      <Suspense fallback={<Loading />}>
        <AdminPage
          quotesTab={
            <Suspense fallback={<Loading />}>
              <BillingTab />
            </Suspense>
          }
          syncStatus={
            <Suspense fallback={null}>
              <SyncStatusChip />
            </Suspense>
          }
          syncIssues={<StaffNeedsAttention />}
          liveStatus={(props) => (
            <Suspense fallback={null}>
              <LiveStatusWidget {...props} />
            </Suspense>
          )}
        />
      </Suspense>
    </RequireAdmin>
  );
}
