/** Wording of the admin panel with no fixed wording elsewhere (labels, empty states, hints). */
export const ADMIN_TEXT = {
  title: 'Admin Panel',
  tabs: {
    bookings: 'Pending Bookings',
    jobs: 'Job Management',
    quotes: 'Quotes & Billing',
    messages: 'Contact Messages',
  },
  tiles: {
    activeJobs: 'Active Jobs',
    availableDrivers: 'Available Drivers',
    totalJobs: 'Total Jobs',
    pendingBookings: 'Pending Bookings',
    emergencyJobs: 'Emergency Jobs',
  },
  noBookings: 'No pending bookings.',
  noJobs: 'No jobs yet.',
  noMessages: 'No contact messages yet.',
  noHistory: 'No history yet.',
  quotesUnavailable: 'The quotes manager is not available in this build.',
  /** The phone's toggle of the tiles, due list and live status. */
  figures: (active: number, pending: number) =>
    `Today: ${active} active ${active === 1 ? 'job' : 'jobs'}, ${pending} ${pending === 1 ? 'booking' : 'bookings'} waiting`,
  approve: 'Approve',
  createJob: 'Create Job',
  newJob: 'New Job',
  map: 'Map',
  jobsTitle: (count: number) => `Jobs (${count})`,
  moreJobs: (next: number, left: number) => `Show ${next} more (${left} not shown)`,
  /** The end of the job list: older jobs than this device keeps offline (older-jobs.tsx). */
  olderJobsNote: (since: string) =>
    `This device keeps jobs from ${since} on. Older jobs are on the server.`,
  olderJobsButton: 'Show older jobs from the server',
  olderJobsOffline: 'Older jobs are not kept on this device. Connect to the internet to see them.',
  olderJobsFailed: 'The server did not answer. Try again.',
  olderJobsEnd: 'No older jobs.',
  historyKept: 'History kept on this device',
  historyKeptHint:
    'Changing it downloads this device’s data again. Changes waiting to be sent are kept.',
  hideNewJob: 'Close new job form',
  markEnRoute: 'Mark En Route',
  startService: 'Start Service',
  completeJob: 'Complete Job',
  deleteJob: 'Delete',
  reassign: 'Driver',
  history: 'History',
  fieldRecord: 'Photos & signatures',
  filesOnPhone: (count: number) => `${count} ${count === 1 ? 'file' : 'files'} only on this phone`,
  pending: 'Not synced yet',
  pendingHint: 'Saved on this device; it reaches the server when the connection returns.',
  deleteHint: 'Only completed or cancelled jobs can be deleted',
  archiveTitle: (jobId: string) => `Archive ${jobId}?`,
  archiveBody:
    'It leaves the job list. Its history, photos, signatures, quote and invoice are kept for reports, and you can undo this.',
  archiveConfirm: 'Archive job',
  cancel: 'Cancel',
  undo: 'Undo',
  decline: 'Decline',
  declineTitle: (bookingId: string) => `Decline ${bookingId}?`,
  declineBody:
    'The booking leaves Pending and the customer is told by text and email, with the reason and our phone number.',
  declineConfirm: 'Decline booking',
  alerts: 'Alerts sent',
  alertsNeedConnection: 'The alert log needs a connection to show.',
  alertsNone: 'No alerts for this booking.',
  nextEscalation: (at: string) => `Next escalation at ${at}`,
  cancelJob: 'Cancel job',
  cancelJobTitle: (jobId: string) => `Cancel ${jobId}?`,
  cancelJobBody:
    'The job leaves the lists and the customer is told by text and email, with the reason and our phone number.',
  cancelJobConfirm: 'Cancel job',
  editJob: 'Edit details',
  onCallTab: 'On call',
  /** The first screen from the sign-in's answer (admin-first-screen.tsx). */
  firstScreenNote:
    'The day as the server has it now. The full panel opens once this device has the day’s work.',
  firstScreenOpen: 'Open the full panel now',
  firstScreenJobs: (count: number) => `Active Jobs (${count})`,
} as const;

/** The admin panel's toast texts with the details this product adds. */
export const ADMIN_TOASTS = {
  arrivalSet: (estimate: string) => `The customer is told "${estimate}" until the job's next step.`,
  arrivalCleared: 'The customer is given the estimate from the distance again.',
  jobCreated: (jobId: string) => `Job ${jobId} created.`,
  bookingApproved: (jobId: string) => `The booking is now job ${jobId}.`,
  jobUpdated: (jobId: string, status: string) => `Job ${jobId} is ${status}.`,
  jobCompleted: (jobId: string, quoteId: string) =>
    `Job ${jobId} is Completed. Draft quote ${quoteId} created.`,
  jobReassigned: (jobId: string, driver: string) => `Job ${jobId}: driver ${driver}.`,
  jobDeleted: (jobId: string) => `Job ${jobId} archived: its history is kept.`,
  jobRestored: (jobId: string) => `Job ${jobId} is back in the list.`,
  bookingDeclined: (bookingId: string) =>
    `Booking ${bookingId} declined. The customer is told why.`,
} as const;

/** Wording of the Staff tab. */
export const STAFF_TEXT = {
  tab: 'Staff',
  title: 'Staff accounts',
  addTitle: 'Add staff',
  addSubmit: 'Add account',
  role: 'Role',
  roles: { admin: 'Admin', driver: 'Driver' },
  inactive: 'Deactivated',
  resetPassword: 'Reset password',
  passwordTitle: 'Reset password',
  passwordSubmit: 'Set password',
  passwordHint: (name: string) =>
    `${name} signs in with this password from now on; their open sessions end.`,
  deactivate: 'Deactivate',
  reactivate: 'Reactivate',
  deactivateTitle: 'Deactivate account',
  deactivateHint: (name: string) =>
    `${name} is signed out everywhere within seconds and cannot sign in until reactivated. Their jobs stay assigned.`,
  cancel: 'Cancel',
  added: (name: string, role: string) => `${name} can now sign in as ${role}.`,
  passwordReset: (name: string) => `${name}'s password was changed.`,
  deactivated: (name: string) => `${name} was deactivated and signed out.`,
  reactivated: (name: string) => `${name} can sign in again.`,
} as const;

/** Wording of Contact Messages' closing of the loop. */
export const MESSAGE_TEXT = {
  new: 'New',
  handled: 'Handled',
  quoteRequest: 'Quote request',
  markHandled: 'Mark handled',
  markNew: 'Mark new',
  reply: 'Reply by email',
  replyLabel: (to: string) => `Reply to ${to}`,
  sendReply: 'Send reply',
  replySent: (to: string) => `Reply sent to ${to}. It is kept with the message.`,
  replyNeedsConnection: 'Sending a reply needs a connection. Try again when you are online.',
  replyBy: (by: string, at: string, status: 'sent' | 'failed') =>
    `${by} replied ${at}${status === 'failed' ? ' (not sent)' : ''}`,
  handledBy: (by: string, at: string) => `Handled by ${by}, ${at}`,
  makeQuote: 'Make draft quote',
  quoteDrafted: (quoteId: string) => `Draft quote ${quoteId} made. Find it in Quotes & Billing.`,
  quoteMade: (quoteId: string) => `Draft quote ${quoteId}`,
  route: (details: {
    vehicle?: string | null;
    fromLocation?: string | null;
    toLocation?: string | null;
  }) =>
    [
      details.vehicle ? `Vehicle: ${details.vehicle}` : null,
      details.fromLocation || details.toLocation
        ? `From ${details.fromLocation ?? '?'} to ${details.toLocation ?? '?'}`
        : null,
    ]
      .filter(Boolean)
      .join(' · '),
} as const;

/** Wording of the Reviews card. */
export const REVIEW_TEXT = {
  title: 'Reviews',
  summary: (average: number | null, count: number) =>
    count === 0
      ? 'No reviews yet'
      : `${average?.toFixed(1)} ★ average from ${count} ${count === 1 ? 'review' : 'reviews'}`,
  none: 'Reviews appear here as customers leave them.',
  low: 'Owners told',
  improvements: 'Could improve',
  answer: 'Answer by email',
  answerLabel: 'Your answer to the customer',
  send: 'Send answer',
  back: 'Back',
  answered: 'Answer sent. It is kept with the review.',
  answeredBy: (by: string, at: string, status: 'sent' | 'failed') =>
    `${by} answered ${at}${status === 'failed' ? ' (not sent)' : ''}`,
  needsConnection: 'Answering needs a connection. Try again when you are online.',
  all: (count: number) => `Show all ${count} reviews`,
  fewer: 'Show fewer',
} as const;
