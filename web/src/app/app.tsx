/**
 * The app's providers and router. The router is created once for the page; tests build their
 * own memory router around single components instead of rendering this.
 */
import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { createBrowserRouter, RouterProvider } from 'react-router-dom';
import { TOAST_DURATIONS } from '@pilbara/shared-schema';
import { AuthProvider } from '../features/auth/auth-provider';
import { ProfileProvider } from './profile-provider';
import { routes } from './routes';
import { cssVariablesResolver, theme } from './theme';

const router = createBrowserRouter(routes);

export function App() {
  return (
    <MantineProvider
      theme={theme}
      defaultColorScheme="light"
      cssVariablesResolver={cssVariablesResolver}
    >
      <Notifications
        limit={TOAST_DURATIONS.maxVisible}
        position="top-center"
        autoClose={TOAST_DURATIONS.default}
        zIndex={1000}
      />
      <ProfileProvider>
        <AuthProvider>
          <RouterProvider router={router} />
        </AuthProvider>
      </ProfileProvider>
    </MantineProvider>
  );
}
