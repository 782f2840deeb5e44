import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { locationFromPosition } from '@pilbara/shared-schema';
import { renderScreen } from '../../app/test-providers';
import { getDatabase } from '../../db/database';
import { setOnline } from '../../lib/testing/fake-api';
import { OUTBOX_SAVED_OFFLINE, OUTBOX_SAVED_SERVER_BUSY } from '../../sync/public-outbox';
import { LocationButton } from './location-button';
import { OutboxPendingNotice } from './outbox-pending-notice';

/** The phone's GPS as the browser offers it: a fix, a refusal, or no answer. */
function gps(answer: { lat: number; lng: number } | 'denied' | 'unavailable') {
  const getCurrentPosition = vi.fn(
    (onFix: PositionCallback, onError?: PositionErrorCallback | null) => {
      if (typeof answer === 'object')
        onFix({
          coords: { latitude: answer.lat, longitude: answer.lng, accuracy: 10 },
          timestamp: Date.now(),
        } as GeolocationPosition);
      else
        onError?.({
          code: answer === 'denied' ? 1 : 2,
          PERMISSION_DENIED: 1,
          POSITION_UNAVAILABLE: 2,
          TIMEOUT: 3,
          message: answer,
        } as GeolocationPositionError);
    },
  );
  Object.defineProperty(navigator, 'geolocation', {
    configurable: true,
    value: { getCurrentPosition, watchPosition: vi.fn(), clearWatch: vi.fn() },
  });
}

afterEach(() => {
  Object.defineProperty(navigator, 'geolocation', { configurable: true, value: undefined });
  setOnline(true);
});

describe('Use my location', () => {
  it('fills in the phone’s position and the nearest town', async () => {
    gps({ lat: -20.7781, lng: 117.1456 });
    const filled: string[] = [];
    const { user } = renderScreen(<LocationButton onLocation={(text) => filled.push(text)} />);
    await user.click(screen.getByRole('button', { name: 'Use my location' }));
    expect(filled).toEqual([locationFromPosition({ lat: -20.7781, lng: 117.1456 })]);
    expect(filled[0]).toContain('Roebourne');
    expect(screen.getByRole('status').textContent).toContain('Location filled from your phone');
  });

  it('says plainly when location is refused, and fills in nothing', async () => {
    gps('denied');
    const filled: string[] = [];
    const { user } = renderScreen(<LocationButton onLocation={(text) => filled.push(text)} />);
    await user.click(screen.getByRole('button', { name: 'Use my location' }));
    expect(screen.getByRole('alert').textContent).toContain('Location access was refused');
    expect(filled).toEqual([]);
  });

  it('asks for the nearest road or town when the phone cannot get a fix', async () => {
    gps('unavailable');
    const { user } = renderScreen(<LocationButton onLocation={() => {}} />);
    await user.click(screen.getByRole('button', { name: 'Use my location' }));
    expect(screen.getByRole('alert').textContent).toContain('could not work out where you are');
  });

  it('says a browser without location cannot share it', async () => {
    const { user } = renderScreen(<LocationButton onLocation={() => {}} />);
    await user.click(screen.getByRole('button', { name: 'Use my location' }));
    expect(screen.getByRole('alert').textContent).toContain(
      'This browser cannot share your location',
    );
  });
});

describe('the notice of submissions waiting on this device', () => {
  const waiting = (kind: 'contact' | 'booking' | 'feedback', n: number) =>
    getDatabase().publicOutbox.bulkAdd(
      Array.from({ length: n }, (_, index) => ({
        id: `${kind}-${index}`,
        kind,
        body: {},
        createdAt: '2026-11-21T01:00:00.000Z',
        attempts: 1,
        lastError: 'Failed to fetch',
      })),
    );

  beforeEach(async () => {
    await getDatabase().publicOutbox.clear();
  });

  it('counts the bookings waiting and says they go once the phone is back online', async () => {
    await waiting('booking', 2);
    setOnline(false);
    renderScreen(<OutboxPendingNotice kind="booking" />);
    const notice = await screen.findByTestId('outbox-pending');
    expect(notice.textContent).toContain('2 bookings waiting to be sent');
    expect(notice.textContent).toContain(OUTBOX_SAVED_OFFLINE);
  });

  it('blames our server, not the signal, when the phone is online', async () => {
    await waiting('feedback', 2);
    renderScreen(<OutboxPendingNotice kind="feedback" />);
    const notice = await screen.findByTestId('outbox-pending');
    expect(notice.textContent).toContain('2 feedback forms waiting to be sent');
    expect(notice.textContent).toContain(OUTBOX_SAVED_SERVER_BUSY);
  });

  it('counts only its own form’s submissions, and goes once they are sent', async () => {
    await waiting('contact', 1);
    await waiting('booking', 1);
    renderScreen(<OutboxPendingNotice kind="contact" />);
    expect((await screen.findByTestId('outbox-pending')).textContent).toContain(
      '1 message waiting to be sent',
    );
    await getDatabase()
      .publicOutbox.filter((item) => item.kind === 'contact')
      .delete();
    await waitFor(() => expect(screen.queryByTestId('outbox-pending')).toBeNull());
  });
});
