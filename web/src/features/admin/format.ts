/** Dates on the admin screens, in the business's time zone (Perth) whatever the device says. */
const DATE_TIME = new Intl.DateTimeFormat('en-AU', {
  timeZone: 'Australia/Perth',
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
});

/** '21 Nov 2026, 6:05 pm' for an ISO timestamp; the raw text when it is not a date. */
export function formatDateTime(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : DATE_TIME.format(date);
}
