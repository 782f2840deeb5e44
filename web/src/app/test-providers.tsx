import { MantineProvider } from '@mantine/core';
import { Notifications, notifications } from '@mantine/notifications';
import { configure, render, type RenderResult } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import type { ReactElement } from 'react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach } from 'vitest';
import { theme } from './theme';

/** Renders a component inside the providers pages expect (theme and a router). */
export function renderWithProviders(
  ui: ReactElement,
  { route = '/' }: { route?: string } = {},
): RenderResult {
  return render(
    <MantineProvider theme={theme}>
      <MemoryRouter initialEntries={[route]}>{ui}</MemoryRouter>
    </MantineProvider>,
  );
}

// Mantine in jsdom and IndexedDB in Node (fake-indexeddb) are slow on a busy small machine: the
// screen tests wait on what a user would see for longer than Testing Library's default second.
configure({ asyncUtilTimeout: 8000 });

afterEach(() => {
  notifications.clean();
});

/**
 * Renders a screen as the app shows it, toasts included, with a user to drive it. Mantine runs in
 * its test mode: no transitions, and dialogs and menus render in place, so a test waits on what
 * the user sees rather than on an animation.
 */
export function renderScreen(
  ui: ReactElement,
  { route = '/' }: { route?: string } = {},
): RenderResult & { user: UserEvent } {
  const user = userEvent.setup({ delay: null });
  const result = render(
    <MantineProvider theme={theme} env="test">
      <Notifications />
      <MemoryRouter initialEntries={[route]}>{ui}</MemoryRouter>
    </MantineProvider>,
  );
  return { ...result, user };
}
