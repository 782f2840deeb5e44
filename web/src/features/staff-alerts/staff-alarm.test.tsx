import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import {
  ALARM_WINDOW_MS,
  STAFF_ALARM_TEXT,
  staffBookingPath,
  type Booking,
} from '@pilbara/shared-schema';
import { aBooking } from '@pilbara/shared-schema/testing';
import { renderScreen } from '../../app/test-providers';
import { db, resetDevice } from '../../sync/testing/device';
import { StaffAlarm } from './staff-alarm';

/**
 * The Web Audio API as far as the alarm uses it (jsdom has none): suspended until resumed, as a
 * browser keeps it until the page is touched, and counting the tones it is asked to play.
 */
class TestAudioContext extends EventTarget {
  static made: TestAudioContext[] = [];
  state: AudioContextState = 'suspended';
  currentTime = 0;
  destination = {};
  tones = 0;
  constructor() {
    super();
    TestAudioContext.made.push(this);
  }
  resume(): Promise<void> {
    this.state = 'running';
    this.dispatchEvent(new Event('statechange'));
    return Promise.resolve();
  }
  createOscillator() {
    this.tones += 1;
    return {
      type: 'sine',
      frequency: { value: 0 },
      connect: <T,>(node: T) => node,
      start: () => undefined,
      stop: () => undefined,
    };
  }
  createGain() {
    const step = () => undefined;
    return {
      gain: { setValueAtTime: step, exponentialRampToValueAtTime: step },
      connect: <T,>(node: T) => node,
    };
  }
}

function audio(): TestAudioContext | undefined {
  return TestAudioContext.made[0];
}

function waiting(overrides: Partial<Booking>): Booking {
  return aBooking({ createdAt: new Date(Date.now() - 10 * 60_000).toISOString(), ...overrides });
}

function rows(): string[] {
  return screen.getAllByTestId('alarm-booking').map((row) => row.dataset.bookingId ?? '');
}

beforeAll(() => {
  Object.defineProperty(window, 'AudioContext', { configurable: true, value: TestAudioContext });
});

beforeEach(async () => {
  await resetDevice();
  const context = audio();
  if (context) {
    context.state = 'suspended';
    context.tones = 0;
  }
});

describe('the alarm’s audio, before the page is touched', () => {
  // First in this file: the page's one audio context is made by the first touch of all.
  it('makes no audio context (the browser’s audio output) until a tap, which starts the sound', async () => {
    await db.bookings.put(waiting({ id: 'BKG-2026-12' }));
    const { user } = renderScreen(<StaffAlarm />);
    const alarm = await screen.findByTestId('staff-alarm');
    expect(alarm.dataset.sound).toBe('off');
    expect(TestAudioContext.made).toHaveLength(0);
    await user.click(document.body);
    await waitFor(() => expect(alarm.dataset.sound).toBe('on'));
    expect(TestAudioContext.made).toHaveLength(1);
  });
});

describe('the alarm for waiting bookings', () => {
  it('rings only for pending bookings nobody has taken that came in within its window', async () => {
    const stale = new Date(Date.now() - ALARM_WINDOW_MS - 60_000).toISOString();
    await db.bookings.bulkPut([
      waiting({ id: 'BKG-2026-1' }),
      waiting({ id: 'BKG-2026-2', acknowledgedAt: new Date().toISOString() }),
      waiting({ id: 'BKG-2026-3', status: 'approved' }),
      waiting({ id: 'BKG-2026-4', createdAt: stale }),
    ]);
    renderScreen(<StaffAlarm />);
    const alarm = await screen.findByRole('alert', { name: STAFF_ALARM_TEXT.title(1) });
    expect(within(alarm).getByText(STAFF_ALARM_TEXT.title(1))).toBeTruthy();
    expect(rows()).toEqual(['BKG-2026-1']);
  });

  it('puts the emergency first and says what and where each booking is', async () => {
    await db.bookings.bulkPut([
      waiting({ id: 'BKG-2026-5', urgency: 'scheduled', service: 'Battery Jump Start' }),
      waiting({
        id: 'BKG-2026-6',
        urgency: 'emergency',
        service: 'Emergency Towing',
        location: 'NWCH near Roebourne',
      }),
    ]);
    renderScreen(<StaffAlarm />);
    await screen.findByRole('alert', { name: STAFF_ALARM_TEXT.title(2) });
    expect(rows()).toEqual(['BKG-2026-6', 'BKG-2026-5']);
    const [first, second] = screen.getAllByTestId('alarm-booking');
    expect(within(first!).getByText('EMERGENCY')).toBeTruthy();
    expect(within(first!).getByText('Emergency Towing at NWCH near Roebourne')).toBeTruthy();
    expect(within(second!).getByText('scheduled')).toBeTruthy();
    expect(
      within(first!).getByRole('link', { name: STAFF_ALARM_TEXT.open }).getAttribute('href'),
    ).toBe(staffBookingPath('BKG-2026-6'));
  });

  it('stops when someone takes the booking here, kept on this device to sync', async () => {
    await db.bookings.put(waiting({ id: 'BKG-2026-7' }));
    const { user } = renderScreen(<StaffAlarm />);
    const alarm = await screen.findByTestId('staff-alarm');
    await user.click(within(alarm).getByRole('button', { name: STAFF_ALARM_TEXT.acknowledge }));
    expect(await screen.findByText(STAFF_ALARM_TEXT.takenToast('BKG-2026-7'))).toBeTruthy();
    await waitFor(() => expect(screen.queryByTestId('staff-alarm')).toBeNull());
    expect((await db.bookings.get('BKG-2026-7'))?.acknowledgedAt).toBeTruthy();
    const outbox = await db.outbox.toArray();
    expect(outbox.map((entry) => [entry.name, entry.args])).toEqual([
      ['booking.acknowledge', { bookingId: 'BKG-2026-7' }],
    ]);
  });

  it('stops when another device takes the booking, and starts for one that arrives', async () => {
    await db.bookings.put(waiting({ id: 'BKG-2026-8' }));
    renderScreen(<StaffAlarm />);
    await screen.findByRole('alert', { name: STAFF_ALARM_TEXT.title(1) });
    // The other owner's "I've got it" arrives by sync.
    await db.bookings.update('BKG-2026-8', {
      acknowledgedAt: new Date().toISOString(),
      acknowledgedBy: 'Jo Marsh',
    });
    await waitFor(() => expect(screen.queryByTestId('staff-alarm')).toBeNull());

    await db.bookings.put(waiting({ id: 'BKG-2026-9' }));
    await screen.findByRole('alert', { name: STAFF_ALARM_TEXT.title(1) });
    expect(rows()).toEqual(['BKG-2026-9']);
    expect(await db.outbox.count()).toBe(0);
  });
});

describe('the alarm’s sound', () => {
  it('says the sound is off until the screen is touched, and one tap turns it on', async () => {
    await db.bookings.put(waiting({ id: 'BKG-2026-10' }));
    const { user } = renderScreen(<StaffAlarm />);
    const alarm = await screen.findByTestId('staff-alarm');
    expect(alarm.dataset.sound).toBe('off');
    expect(audio()?.tones).toBe(0);
    await user.click(within(alarm).getByRole('button', { name: STAFF_ALARM_TEXT.soundOff }));
    await waitFor(() => expect(alarm.dataset.sound).toBe('on'));
    expect(within(alarm).queryByRole('button', { name: STAFF_ALARM_TEXT.soundOff })).toBeNull();
  });

  it('beeps at once for a new booking when the sound is already on', async () => {
    const { user } = renderScreen(<StaffAlarm />);
    // An earlier tap on the page let the sound start.
    await user.click(document.body);
    await waitFor(() => expect(audio()?.state).toBe('running'));
    expect(audio()!.tones).toBe(0);
    await db.bookings.put(waiting({ id: 'BKG-2026-11' }));
    const alarm = await screen.findByTestId('staff-alarm');
    expect(alarm.dataset.sound).toBe('on');
    await waitFor(() => expect(audio()?.tones).toBeGreaterThan(0));
  });
});
