/**
 * The `/driver` route: the driver's own screen, for a signed-in driver (or an admin
 * who drives); anyone else is sent to /auth. Composes the screen with the sync status chip and
 * the trucks' pre-start check, all lazily so no staff code reaches the public pages.
 */
import { lazy, Suspense, useDeferredValue } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import { Center, Loader } from '@mantine/core';
import { assignmentName } from '@pilbara/shared-schema';
import { useAuth } from '../lib/auth';
import { useDriverPreview } from '../lib/driver-preview';
import { useAfterFirstScreen } from '../lib/use-after-paint';
// In this route's own chunk: the cards from the sign-in answer need nothing more.
import { DriverPreviewScreen } from '../features/driver/driver-first-screen';
import { afterSyncCode, loadSyncStatus } from './sync-code';

const loadDriverPage = afterSyncCode(() => import('../features/driver'));
// The pre-start's own module, not the fleet feature's index: that would evaluate the fleet
// screen and its charts on every driver's sign-in, for nothing the driver's screen shows.
const loadFleet = afterSyncCode(() => import('../features/fleet/driver-prestart'));

const DriverPage = lazy(() => loadDriverPage().then((m) => ({ default: m.DriverPage })));
const DriverPrestart = lazy(() => loadFleet().then((m) => ({ default: m.DriverPrestart })));
const SyncStatusChip = lazy(() => loadSyncStatus().then((m) => ({ default: m.SyncStatusChip })));

/**
 * Loads the driver's screen and its parts: called with the route's own module during
 * the sign-in round trip, so the screen is ready when the answer comes instead of being fetched
 * as three waves of chunks after it.
 */
export function preloadDriverScreen(): Promise<unknown> {
  return Promise.all([loadDriverPage(), loadFleet(), loadSyncStatus()]);
}

export function DriverRoute() {
  const { user, isAdmin, isDriver, checking } = useAuth();
  const location = useLocation();
  const preview = useDriverPreview();
  // Right after a sign-in that brought the driver's jobs, their cards are drawn first from this
  // chunk alone; the full screen (the engine, Dexie, the trucks) renders behind them as a
  // transition once they have been painted (loading its code alone held a slow phone's main
  // thread for a few hundred milliseconds), and while its code is still loading the cards stay.
  const painted = useAfterFirstScreen(preview !== null);
  const full = useDeferredValue(preview === null || painted, preview === null);
  // A session the browser has but this page has not stored yet (signed in before the script).
  if (checking)
    return (
      <Center py="xl">
        <Loader />
      </Center>
    );
  if (!user || (!isAdmin && !isDriver))
    return <Navigate to="/auth" replace state={{ from: location.pathname + location.search }} />;
  const name = assignmentName({
    username: user.username,
    firstName: user.firstName ?? null,
    lastName: user.lastName ?? null,
  });
  // Jobs are the account's, whatever it is called (another driver may share the name).
  const driverId = Number(user.id);
  return (
    <Suspense
      fallback={
        <Center py="xl">
          <Loader />
        </Center>
      }
    >
      {!full && preview ? (
        <DriverPreviewScreen driverId={driverId} screen={preview} />
      ) : (
        <DriverPage
          driverId={driverId}
          driverName={name}
          syncStatus={
            <Suspense fallback={null}>
              <SyncStatusChip />
            </Suspense>
          }
        >
          {/* The trucks and today's pre-start check, from the fleet feature. */}
          <Suspense fallback={null}>
            <DriverPrestart checkedByName={name} />
          </Suspense>
        </DriverPage>
      )}
    </Suspense>
  );
}
