/** Wording of the driver's screen (issue 20) that the spec does not fix. */
export const DRIVER_TEXT = {
  title: 'My Jobs',
  subtitle: 'Today’s and active jobs assigned to you',
  loading: 'Loading your jobs…',
  empty: 'No jobs assigned to you right now.',
  emptyHint: 'New jobs appear here as soon as the office assigns them, even after a dead zone.',
  call: (name: string) => `Call ${name}`,
  map: 'Open in maps',
  done: 'Completed today',
  pending: 'Saved on this phone, sending when signal returns',
  sharing: 'Sharing your position with the customer',
  sharingOff: 'Location is off: the customer sees no truck on the map',
} as const;
