import { describe, expect, it } from 'vitest';
import {
  confirmedByText,
  needsAlarm,
  staffAlertText,
  staffBookingUrl,
  staffPushMessage,
} from './staff-alerts';

const BOOKING = {
  id: 'BKG-2026-54',
  urgency: 'emergency',
  service: 'Emergency Towing',
  location: 'Dampier Road near the salt ponds',
};
const LINK = staffBookingUrl('https://tow.example.com/', BOOKING.id);

describe('staff alert texts and pushes', () => {
  it('links to the booking in the admin panel', () => {
    expect(LINK).toBe('https://tow.example.com/admin?booking=BKG-2026-54');
  });

  it('says emergency, the reference, the service, the place and the link', () => {
    expect(staffAlertText(BOOKING, LINK, 0).text).toBe(
      'NEW EMERGENCY booking BKG-2026-54: Emergency Towing at Dampier Road near the salt ponds. Open: https://tow.example.com/admin?booking=BKG-2026-54',
    );
    expect(staffAlertText({ ...BOOKING, urgency: 'same-day' }, LINK, 0).text).toMatch(
      /^New same day booking BKG-2026-54 \(after hours\): /,
    );
    expect(staffAlertText(BOOKING, LINK, 2, 10).text).toMatch(
      /^UNANSWERED 10 min: emergency booking BKG-2026-54: .* Nobody has taken it yet\. Open: /,
    );
  });

  it('shortens a long place before the link, within two segments', () => {
    const long = { ...BOOKING, location: 'x '.repeat(200) };
    const text = staffAlertText(long, LINK, 1, 5);
    expect(text.segments).toBeLessThanOrEqual(2);
    expect(text.text.endsWith(LINK)).toBe(true);
  });

  it('pushes a notification that stays until tapped, one per booking', () => {
    expect(staffPushMessage(BOOKING, LINK)).toEqual({
      title: 'EMERGENCY booking BKG-2026-54',
      body: 'Emergency Towing at Dampier Road near the salt ponds',
      url: LINK,
      tag: 'booking-BKG-2026-54',
      requireInteraction: true,
    });
  });
});

describe('the in-app alarm', () => {
  const now = new Date('2027-03-01T02:00:00.000Z');
  const waiting = { status: 'pending', acknowledgedAt: null, createdAt: '2027-03-01T01:58:00Z' };

  it('rings for a new booking nobody has taken, and stops once someone has', () => {
    expect(needsAlarm(waiting, now)).toBe(true);
    expect(needsAlarm({ ...waiting, acknowledgedAt: '2027-03-01T01:59:00Z' }, now)).toBe(false);
    expect(needsAlarm({ ...waiting, status: 'approved' }, now)).toBe(false);
    expect(needsAlarm({ ...waiting, status: 'declined' }, now)).toBe(false);
  });

  it('never rings for a booking older than a day', () => {
    expect(needsAlarm({ ...waiting, createdAt: '2027-02-28T01:59:00Z' }, now)).toBe(false);
  });

  it('tells the customer who has the booking, in Perth time', () => {
    expect(confirmedByText('Dana Reid', '2027-03-01T18:04:00Z')).toBe(
      'Dana Reid has your booking and is on it (since 2:04 am).',
    );
  });
});
