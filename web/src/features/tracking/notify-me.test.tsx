import { screen } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { NOTIFY_ME_LABEL, NOTIFY_ME_TEXT } from '@pilbara/shared-schema';
import { renderWithProviders } from '../../app/test-providers';
import { NotifyMe } from './notify-me';

// jsdom is a browser without service workers or the Push API, as iOS Safari is outside an
// installed app: the real "not supported" case. The other states need a real browser's
// permissions and push service: e2e/tests/notify-me.spec.ts in Chromium.
describe('NotifyMe in a browser without Web Push', () => {
  it('says notifications are not possible here instead of offering a button that cannot work', async () => {
    expect('serviceWorker' in navigator).toBe(false);
    renderWithProviders(<NotifyMe token="abcdefghijklmnopqrstuv" />);
    expect(await screen.findByText(NOTIFY_ME_TEXT.unsupported)).toBeTruthy();
    expect(screen.queryByRole('button', { name: NOTIFY_ME_LABEL })).toBeNull();
  });

  it('draws nothing in the pre-rendered page, where there is no browser to ask yet', () => {
    const html = renderToString(<NotifyMe token="abcdefghijklmnopqrstuv" />);
    expect(html).toBe('');
  });
});
