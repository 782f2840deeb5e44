/**
 * The app's providers and router. The router is created once for the page; tests build their
 * own memory router around single components instead of rendering this.
 */
import { MantineProvider } from '@mantine/core';
import { lazy, Suspense } from 'react';
import { createBrowserRouter, RouterProvider } from 'react-router-dom';
import { AuthProvider, useAuth } from '../components/auth-provider';
import { ProfileProvider } from '../components/profile-provider';
import { routes } from './routes';
import { cssVariablesResolver, theme } from './theme';

// The toast viewport is fetched right after the first render instead of with it: no toast can
// be needed before the page is drawn, and toasts raised meanwhile wait in the store and show
// once it mounts.
const ToastViewport = lazy(() =>
  import('./toast-viewport').then((m) => ({ default: m.ToastViewport })),
);

// Sends contact messages, bookings and feedback saved offline, whichever page is open. Loaded
// after the first render so Dexie stays out of the public pages' first load.
const PublicOutboxRunner = lazy(() =>
  import('../features/public-forms/public-outbox-runner').then((m) => ({
    default: m.PublicOutboxRunner,
  })),
);

// The staff sync engine, for a signed-in admin only: its chunk (Dexie, the engine) never loads
// for a guest, and it keeps running across every page the admin opens.
const StaffSync = lazy(() => import('./staff-sync').then((m) => ({ default: m.StaffSync })));

function StaffSyncWhileSignedIn() {
  const { isAdmin } = useAuth();
  if (!isAdmin) return null;
  return (
    <Suspense fallback={null}>
      <StaffSync />
    </Suspense>
  );
}

const router = createBrowserRouter(routes);

export function App() {
  return (
    <MantineProvider
      theme={theme}
      defaultColorScheme="light"
      cssVariablesResolver={cssVariablesResolver}
    >
      <Suspense fallback={null}>
        <ToastViewport />
        <PublicOutboxRunner />
      </Suspense>
      <ProfileProvider>
        <AuthProvider>
          <StaffSyncWhileSignedIn />
          <RouterProvider router={router} />
        </AuthProvider>
      </ProfileProvider>
    </MantineProvider>
  );
}
