/**
 * The `/driver` route (issue 20): the driver's own screen, for a signed-in driver (or an admin
 * who drives); anyone else is sent to /auth. Composes the screen with the sync status chip and
 * the trucks' pre-start check (issue 21), all lazily so no staff code reaches the public pages.
 */
import { lazy, Suspense } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import { Center, Loader } from '@mantine/core';
import { assignmentName } from '@pilbara/shared-schema';
import { useAuth } from '../lib/auth';

const DriverPage = lazy(() =>
  import('../features/driver').then((m) => ({ default: m.DriverPage })),
);
const DriverPrestart = lazy(() =>
  import('../features/fleet').then((m) => ({ default: m.DriverPrestart })),
);
const SyncStatusChip = lazy(() =>
  import('../features/sync-status').then((m) => ({ default: m.SyncStatusChip })),
);

export function DriverRoute() {
  const { user, isAdmin, isDriver } = useAuth();
  const location = useLocation();
  if (!user || (!isAdmin && !isDriver))
    return <Navigate to="/auth" replace state={{ from: location.pathname + location.search }} />;
  const name = assignmentName({
    username: user.username,
    firstName: user.firstName ?? null,
    lastName: user.lastName ?? null,
  });
  return (
    <Suspense
      fallback={
        <Center py="xl">
          <Loader />
        </Center>
      }
    >
      <DriverPage
        driverName={name}
        syncStatus={
          <Suspense fallback={null}>
            <SyncStatusChip />
          </Suspense>
        }
      >
        {/* The trucks and today's pre-start check (issue 21), from the fleet feature. */}
        <Suspense fallback={null}>
          <DriverPrestart checkedByName={name} />
        </Suspense>
      </DriverPage>
    </Suspense>
  );
}
