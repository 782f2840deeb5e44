/**
 * The portal's and the dashboard's lookups posted by the browser itself, with no script
 * (docs/no-script-forms.md). Both take personal data (a phone number, or a job id proved by the
 * phone's last digits), so their forms post and nothing of it lands in an address, a history or a
 * log (docs/decisions/2026-12-06-lookups-without-script.md).
 *
 * Each goes through the JSON lookup the page's script makes (services/native-forms.ts), so the
 * same schema, proof, lock-out and rate limit apply; what it finds is shown as the script shows
 * it:
 *
 * - the portal: the job (or the booking waiting for approval) opens on its tracking link, the
 *   page the server already renders with the job in it (services/tracking-page.ts), exactly
 *   where the script takes the address bar once it has found it;
 * - the dashboard: the customer's jobs, waiting bookings, history and details, drawn here from
 *   the lookup's answer with the dashboard's own rules (shared-schema rules/dashboard.ts).
 */
import type { FastifyInstance } from 'fastify';
import {
  activeJobsOf,
  arrivalEstimate,
  arrivalText,
  customerDashboardStats,
  dashboardNotFoundText,
  documentRef,
  formatDate,
  formatDaySlot,
  formatWhen,
  historyJobsOf,
  isJobIdLookup,
  trackingPath,
  type Booking,
  type Job,
} from '@pilbara/shared-schema';
import { buttonLink, detailList, paragraph, statusPanel } from './form-page';
import { escapeHtml } from './html';
import type { FormFields, NativeForm } from './native-forms';

/** The field's value, trimmed. */
function valueOf(fields: FormFields, name: string): string {
  return (fields[name] ?? '').trim();
}

/** `?phone=` with the digits that prove an id, when they were given. */
function proofQuery(fields: FormFields): string {
  const phone = valueOf(fields, 'phone');
  return phone ? `&phone=${encodeURIComponent(phone)}` : '';
}

/** "Track your job": a job id or booking reference with the phone's last four digits. */
export const portalLookupForm: NativeForm = {
  label: 'Track your job',
  call: (fields) => ({
    method: 'GET',
    url: `/api/jobs/search?query=${encodeURIComponent(valueOf(fields, 'query'))}${proofQuery(fields)}`,
  }),
  done(answer) {
    const found = answer as {
      job?: Pick<Job, 'trackingToken'>;
      booking?: Pick<Booking, 'trackingToken'>;
    };
    const token = found.job?.trackingToken ?? found.booking?.trackingToken ?? null;
    // Every job and booking has a token; without one the portal shows nothing more than itself.
    return { redirect: token ? trackingPath(token) : '/customer-portal' };
  },
};

type DashboardAnswer = {
  jobs: Job[];
  bookings: Booking[];
  reviewedJobIds: string[];
};

const section = (title: string, inner: string) =>
  `<section style="display:flex;flex-direction:column;gap:var(--mantine-spacing-sm)"><h2 style="margin:0;font-size:var(--mantine-h3-font-size)">${escapeHtml(title)}</h2>${inner}</section>`;

const card = (inner: string, testId: string) =>
  `<div data-testid="${testId}" style="border:1px solid var(--mantine-color-gray-4);border-radius:var(--mantine-radius-md);padding:var(--mantine-spacing-md);display:flex;flex-direction:column;gap:8px">${inner}</div>`;

const cardTitle = (service: string, badge: string) =>
  `<div style="display:flex;flex-wrap:wrap;gap:6px 12px;align-items:center;justify-content:space-between"><h3 style="margin:0;font-size:var(--mantine-h4-font-size)">${escapeHtml(service)}</h3><span style="border:1px solid currentColor;border-radius:999px;padding:0 10px;font-size:14px;font-weight:700">${escapeHtml(badge)}</span></div>`;

const link = (href: string, text: string) =>
  `<a href="${escapeHtml(href)}" style="font-weight:700">${escapeHtml(text)}</a>`;

function activeJobCard(app: FastifyInstance, job: Job): string {
  const facts: [string, string][] = [
    ['Job ID', documentRef(job)],
    ['Location', job.location],
    [
      'Estimated arrival',
      job.status === 'En Route'
        ? 'On the way: Track Live shows where the truck is and when it arrives'
        : arrivalText(arrivalEstimate(job, null, app.now(), app.profile.depot)),
    ],
    ...(job.assignedTo ? ([['Assigned to', job.assignedTo]] as [string, string][]) : []),
    ...(job.progress > 0 ? ([['Progress', `${job.progress}%`]] as [string, string][]) : []),
  ];
  return card(
    cardTitle(job.service, job.status) +
      detailList(facts) +
      (job.trackingToken
        ? buttonLink(trackingPath(job.trackingToken), 'Track Live', 'track-live')
        : ''),
    'active-job',
  );
}

function bookingCard(booking: Booking): string {
  return card(
    cardTitle(booking.service, 'Pending') +
      detailList([
        ['Booking', booking.id],
        ['Preferred', formatDaySlot(booking.preferredDate, booking.preferredTime)],
        ['Location', booking.location],
      ]) +
      paragraph(
        'We have your booking and will confirm it shortly. Its tracking link shows your job as soon as it is approved.',
      ) +
      (booking.trackingToken
        ? link(trackingPath(booking.trackingToken), 'Track this booking')
        : ''),
    'booking-details',
  );
}

function historyJobCard(job: Job, reviewed: boolean): string {
  return card(
    cardTitle(job.service, 'Completed') +
      paragraph(`${formatDate(job.createdAt)} · ${job.location}`) +
      paragraph(documentRef(job)) +
      (reviewed ? '' : link('/feedback', 'Rate')),
    'history-job',
  );
}

/**
 * "Access Your Dashboard": a phone number, or a job id with the phone's last four digits. An empty
 * one does nothing, as with the script: the page comes back as it was.
 */
export const dashboardLookupForm: NativeForm = {
  label: 'Access Your Dashboard',
  // Nothing to look up: no call, and the page comes back as it was.
  call: (fields) =>
    valueOf(fields, 'lookup') === ''
      ? null
      : {
          method: 'GET',
          url: `/api/jobs/customer/${encodeURIComponent(valueOf(fields, 'lookup'))}?${proofQuery(fields).slice(1)}`,
        },
  done(answer, { app, fields }) {
    const lookup = valueOf(fields, 'lookup');
    const { jobs, bookings, reviewedJobIds } = answer as DashboardAnswer;
    const newest = [...jobs].sort((a, b) => b.createdAt.localeCompare(a.createdAt))[0];
    const name = newest?.customerName ?? bookings[0]?.customerName;
    if (!name) {
      const message = dashboardNotFoundText(lookup);
      return { again: message, fields: { lookup: message } };
    }
    const phone = isJobIdLookup(lookup) ? (newest?.phone ?? lookup) : lookup;
    const stats = customerDashboardStats(jobs, app.now().toISOString());
    const active = activeJobsOf(jobs);
    const completed = historyJobsOf(jobs);
    const reviewed = new Set(reviewedJobIds);
    const activeList =
      active.length === 0 && bookings.length === 0
        ? card(
            `<h3 style="margin:0;font-size:var(--mantine-h4-font-size)">No Active Jobs</h3>` +
              paragraph(
                'You have no jobs under way right now. Need a tow, recovery or a mechanic?',
              ) +
              link('/booking', 'Book a Service'),
            'no-active-jobs',
          )
        : bookings.map(bookingCard).join('') +
          active.map((job) => activeJobCard(app, job)).join('');
    const history =
      completed.length === 0
        ? card(
            `<h3 style="margin:0;font-size:var(--mantine-h4-font-size)">No Service History</h3>` +
              paragraph('Completed services will be listed here.'),
            'no-history',
          )
        : completed.map((job) => historyJobCard(job, reviewed.has(job.id))).join('');
    const email = jobs.find((job) => job.email)?.email ?? '';
    return {
      page: {
        heading: `Welcome back, ${name}!`,
        body:
          paragraph('Your jobs, history and details in one place.') +
          buttonLink('/booking', 'Book Service') +
          statusPanel(
            detailList([
              ['Active Jobs', `${stats.activeJobs} ${stats.activeJobs > 0 ? 'Active' : 'None'}`],
              ['Completed Services', String(stats.completedJobs)],
              ['Member Since', stats.hasHistory ? formatWhen(stats.memberSince, 'month') : 'New'],
            ]) + `<p style="margin:0">${link('/feedback', 'Leave Review')}</p>`,
          ) +
          section('Active Jobs', activeList) +
          section('History', history) +
          section(
            'Profile',
            detailList([
              ['Name', name],
              ['Phone', phone],
              ...(email ? ([['Email', email]] as [string, string][]) : []),
              [
                'Member since',
                stats.hasHistory ? formatWhen(stats.memberSince, 'monthLong') : 'New Member',
              ],
            ]),
          ) +
          `<p style="margin:0"><a href="/dashboard">Look up another phone or job ID</a></p>`,
      },
    };
  },
};
