import { MantineProvider } from '@mantine/core';
import { render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { smsBudgetWarning, type ServerWarning } from '@pilbara/shared-schema';
import { ServerWarnings } from './server-warnings';

afterEach(() => {
  vi.unstubAllGlobals();
});

function serverSays(warnings: ServerWarning[]) {
  const fetch = vi.fn(async () => new Response(JSON.stringify({ warnings }), { status: 200 }));
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

describe('the server’s warnings on the admin panel', () => {
  it('shows each warning the server gives, in its words', async () => {
    const message = smsBudgetWarning('booking-ack', 12, 20);
    const fetch = serverSays([{ kind: 'sms-budget', title: 'Texts held back', message }]);
    render(
      <MantineProvider>
        <ServerWarnings />
      </MantineProvider>,
    );
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Texts held back');
    expect(alert.textContent).toContain('Texts about jobs still go');
    expect(fetch).toHaveBeenCalledWith('/api/server-warnings', expect.anything());
  });

  it('shows nothing when all is well', async () => {
    const fetch = serverSays([]);
    render(
      <MantineProvider>
        <ServerWarnings />
      </MantineProvider>,
    );
    await vi.waitFor(() => expect(fetch).toHaveBeenCalled());
    expect(screen.queryByTestId('server-warnings')).toBeNull();
  });
});
