/** Wording of the driver's screen (docs/features.md, the driver's screen). */
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
  /** A job from the sign-in whose synced copy is still on its way. */
  waiting: 'Getting this job onto your phone…',
  sharing: 'Sharing your position with the customer',
  sharingOff: 'Location is off: the customer sees no truck on the map',
  /** The field record's toggle, with how many photos and signatures the job has. */
  fieldRecord: (count: number) =>
    count > 0 ? `Photos & signatures (${count})` : 'Photos & signatures',
  addNote: 'Add note',
  /** `job` as people read it: its number, else its provisional reference (documentRef). */
  noteTitle: (job: string) => `Note on ${job}`,
  noteLabel: 'Note for the office',
  noteHint: 'Added under the job’s notes with your name and the time.',
  saveNote: 'Save note',
  cancel: 'Cancel',
  noteSaved: (job: string) => `Note added to ${job}.`,
  stepTaken: (job: string, status: string) => `Job ${job} is ${status}.`,
  editJob: 'Edit details',
  cancelJob: 'Cancel job',
  cancelTitle: (job: string) => `Cancel ${job}?`,
  cancelBody:
    'The job leaves your list and the customer is told by text and email, with the reason and our phone number. With no signal it is sent when signal returns.',
  cancelConfirm: 'Cancel job',
} as const;
