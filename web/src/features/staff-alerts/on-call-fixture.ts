/**
 * The server side of the On call tab in its tests: the roster and a staff member's channels as
 * the server answers them (parsed with the shared response schemas), and a saved roster checked
 * with the shared input schema, answering its 400 as the server's validation does.
 */
import {
  issuesToFields,
  rosterInputSchema,
  rosterResponseSchema,
  staffAlertPreferencesResponseSchema,
  staffAlertPreferencesSchema,
  type RosterResponse,
} from '@pilbara/shared-schema';
import { fakeApi, json, type ApiCall, type FakeApi } from '../../lib/testing/fake-api';

export const WEEKDAYS = [1, 2, 3, 4, 5];

/** An owner on call around the clock, first on the roster. */
export const JO = {
  name: 'Jo Marsh',
  phone: '0412345678',
  userId: 1,
  days: [0, 1, 2, 3, 4, 5, 6],
  from: '00:00',
  to: '00:00',
};

/** The other owner, weekdays in the day. */
export const SAM = {
  name: 'Sam Taylor',
  phone: '0423456789',
  userId: 2,
  days: WEEKDAYS,
  from: '06:00',
  to: '18:00',
};

export function roster(overrides: Partial<RosterResponse> = {}): RosterResponse {
  return rosterResponseSchema.parse({
    entries: [JO, SAM],
    isDefault: false,
    onCallNow: [JO, SAM],
    escalateAfterMinutes: 10,
    ...overrides,
  });
}

/** PUT /api/on-call as the server answers it: the shared schema's 400, or the roster saved. */
function saveRosterRoute(call: ApiCall) {
  const parsed = rosterInputSchema.safeParse(call.body);
  if (!parsed.success) {
    const fields = issuesToFields(parsed.error.issues);
    return json({ error: Object.values(fields)[0], fields }, 400);
  }
  return json(roster({ entries: parsed.data.entries, onCallNow: parsed.data.entries.slice(0, 1) }));
}

/** The signed-in staff member's channels: push and texts on, email off, one device. */
export function channels(
  overrides: Partial<{ push: boolean; sms: boolean; email: boolean; pushDevices: number }> = {},
) {
  return staffAlertPreferencesResponseSchema.parse({
    push: true,
    sms: true,
    email: false,
    pushDevices: 1,
    ...overrides,
  });
}

/** The routes the tab calls, answered; `answer` is the roster the server holds. */
export function onCallServer(answer: RosterResponse = roster()): FakeApi {
  return fakeApi({
    'GET /api/on-call': json(answer),
    'PUT /api/on-call': saveRosterRoute,
    'GET /api/staff-alerts/preferences': json(channels()),
    'PUT /api/staff-alerts/preferences': (call) =>
      json({ ...staffAlertPreferencesSchema.parse(call.body), pushDevices: 1 }),
  });
}
