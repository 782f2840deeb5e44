/** Wording of the On call tab (the spec has no such screen). */
export const ON_CALL_TEXT = {
  rosterTitle: 'On-call roster',
  nowTitle: 'On call now',
  nobody: 'Nobody is on call now: a new booking texts the first person on the roster.',
  first: 'First:',
  then: 'Then:',
  escalation: (minutes: number) =>
    `An emergency nobody takes within ${minutes} minutes texts the next person, then everyone every ${minutes} minutes until someone acts.`,
  defaultNote:
    'This is the default roster: both owners, around the clock. Change it and save to make it yours.',
  order: (position: number) => `${position}.`,
  name: 'Name',
  phone: 'Mobile for alert texts',
  days: 'Days',
  from: 'From',
  to: 'To',
  hoursHint: 'The same time in both means all day. A "to" earlier than "from" runs past midnight.',
  moveUp: (name: string) => `Move ${name || 'this person'} up`,
  moveDown: (name: string) => `Move ${name || 'this person'} down`,
  remove: (name: string) => `Remove ${name || 'this person'}`,
  add: 'Add person',
  save: 'Save roster',
  needsConnection:
    'The roster and alert settings need a connection. Try again when you are online.',
  channelsTitle: 'My alerts',
  channels: {
    push: 'Push notifications for every new booking',
    sms: 'Texts when I am on call',
    smsHint: 'Emergencies and after-hours bookings text whoever the roster has on call.',
    email: 'An email for every new booking',
  },
  devices: (count: number) =>
    count === 0
      ? 'None of your devices gets pushes yet: turn them on below on each phone.'
      : `${count} of your devices ${count === 1 ? 'gets' : 'get'} pushes.`,
  pushOn: 'This device gets a push for every new booking.',
  pushOff: 'This device does not get pushes.',
  pushTurnOn: 'Turn on for this device',
  pushTurnOff: 'Turn off for this device',
  pushUnsupported:
    "This browser can't get push notifications. On an iPhone, add the app to your Home Screen and open it from there.",
  pushBlocked: 'Notifications are blocked for this site. Allow them in the browser settings.',
  pushFailed: 'Could not turn on push for this device. Try again when you have signal.',
} as const;
