/**
 * The app's providers and routes. The browser wraps them in a BrowserRouter (main.tsx); the
 * build's pre-renderer wraps them in a StaticRouter (prerender.tsx). Tests build their own memory
 * router around single components instead of rendering this.
 *
 * Declarative routing (useRoutes) rather than a data router: no page uses loaders or actions,
 * and the data router's code would add about 17 KB (brotli) to every first load.
 */
import { MantineProvider } from '@mantine/core';
import { lazy, Suspense, type ReactNode } from 'react';
import { useRoutes } from 'react-router-dom';
import { AuthProvider } from '../features/auth/auth-provider';
import { ClientOnly } from './client-only';
import { ProfileProvider, type SiteConfig } from './profile-provider';
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
        <Suspense fallback={null}>
          <ToastViewport />
          <PublicOutboxRunner />
        </Suspense>
      </ClientOnly>
      <ProfileProvider prerendered={config}>
        <AuthProvider>{children}</AuthProvider>
      </ProfileProvider>
    </MantineProvider>
  );
}
