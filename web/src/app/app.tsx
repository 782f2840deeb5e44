/**
 * The app's providers and routes. The browser wraps them in a BrowserRouter (main.tsx); the
 * build's pre-renderer wraps them in a StaticRouter (prerender.tsx). Tests build their own memory
 * router around single components instead of rendering this.
 *
 * Declarative routing (useRoutes) rather than a data router: no page uses loaders or actions,
 * and the data router's code would add about 17 KB (brotli) to every first load.
 */
import { MantineProvider } from '@mantine/core';
import { lazy, Suspense, useState, type ReactNode } from 'react';
import { useNotifications } from '@mantine/notifications';
import { useRoutes } from 'react-router-dom';
import { AuthProvider, displayName, useAuth } from '../lib/auth';
import { useAfterFirstScreen } from '../lib/use-after-paint';
// Sends contact messages, bookings and feedback saved offline, whichever page is open; it loads
// Dexie only while something may be waiting, so public pages keep it out of their first load.
import { PublicOutboxRunner } from '../features/public-forms/outbox-status';
import { ClientOnly } from './client-only';
import { LoadBoundary } from '../components/load-boundary';
import { ProfileProvider, type SiteConfig } from '../components/profile-provider';
import { routes } from './routes';
import { loadStaffSync } from './sync-code';
import { cssVariablesResolver, theme } from './theme';

// The toast viewport (with @mantine/notifications' code) is fetched when the first toast is
// raised: most visits never need it, and a toast raised meanwhile waits in the store and shows
// once the viewport mounts. Staff get it as soon as they are signed in (once their first screen
// has painted): every write they make answers with a toast, and on a slow phone fetching and
// mounting the viewport at the first one held that confirmation back for seconds after the
// screen had already changed.
const ToastViewport = lazy(() =>
  import('./toast-viewport').then((m) => ({ default: m.ToastViewport })),
);

function ToastsWhenNeeded() {
  const { notifications, queue } = useNotifications();
  const { isAdmin, isDriver } = useAuth();
  const [needed, setNeeded] = useState(false);
  // Right after a sign-in the role's first screen paints first: the viewport's code is a few
  // hundred milliseconds of a slow phone's main thread, and the welcome toast waits in the store
  // until it mounts.
  const ready = useAfterFirstScreen(isAdmin || isDriver || notifications.length + queue.length > 0);
  if (!needed && ready) setNeeded(true);
  return needed ? (
    <LoadBoundary>
      <Suspense fallback={null}>
        <ToastViewport />
      </Suspense>
    </LoadBoundary>
  ) : null;
}

// The staff sync engine, for a signed-in admin or driver only: its chunk (Dexie, the engine)
// never loads for a guest, and it keeps running across every page staff open. When the server
// ends the session (deactivated, role changed) the engine says so and the app signs out.
const StaffSync = lazy(() => loadStaffSync().then((m) => ({ default: m.StaffSync })));

// Signed in offline (no server session yet) the engine waits: the auth provider signs in to the
// server first, and only then does the sync start and push.
function StaffSyncWhileSignedIn() {
  const { user, isAdmin, isDriver, offline, sessionEnded } = useAuth();
  const staff = Boolean(user) && (isAdmin || isDriver) && !offline;
  // After the role's first screen has painted: the engine's chunk takes the main thread a while.
  const start = useAfterFirstScreen(staff);
  if (!user || !start) return null;
  return (
    <LoadBoundary>
      <Suspense fallback={null}>
        <StaffSync
          user={{ id: user.id, name: displayName(user), username: user.username }}
          onSignedOut={sessionEnded}
        />
      </Suspense>
    </LoadBoundary>
  );
}

export function AppRoutes() {
  return useRoutes(routes);
}

export function App({ children, config }: { children: ReactNode; config?: SiteConfig }) {
  return (
    <MantineProvider
      theme={theme}
      defaultColorScheme="light"
      forceColorScheme="light"
      cssVariablesResolver={cssVariablesResolver}
    >
      <ClientOnly>
        <LoadBoundary>
          <PublicOutboxRunner />
        </LoadBoundary>
      </ClientOnly>
      <ProfileProvider prerendered={config}>
        <AuthProvider>
          <ClientOnly>
            <ToastsWhenNeeded />
          </ClientOnly>
          <StaffSyncWhileSignedIn />
          {children}
        </AuthProvider>
      </ProfileProvider>
    </MantineProvider>
  );
}
