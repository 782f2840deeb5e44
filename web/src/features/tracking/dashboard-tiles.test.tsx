import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import { customerDashboardStats, formatWhen, type JobStatus } from '@pilbara/shared-schema';
import { aJob } from '@pilbara/shared-schema/testing';
import { renderScreen } from '../../app/test-providers';
import { DashboardProfile } from './dashboard-profile';
import { DashboardTiles } from './dashboard-tiles';

const NOW = '2026-11-20T08:00:00.000Z';
const FIRST_DONE = '2025-03-04T02:00:00.000Z';

function statsOf(...jobs: Array<[JobStatus, string?]>) {
  return customerDashboardStats(
    jobs.map(([status, createdAt = '2026-10-01T00:00:00.000Z'], index) =>
      aJob({ id: `JOB-2026-${index + 1}`, status, createdAt }),
    ),
    NOW,
  );
}

/** The tile labelled `label`: its card, read as the customer reads it. */
function tile(label: string): HTMLElement {
  return screen.getByText(label).closest<HTMLElement>('.mantine-Card-root')!;
}

describe('the customer dashboard’s tiles', () => {
  it('counts the jobs under way and those done, leaving cancelled ones out', () => {
    renderScreen(
      <DashboardTiles
        stats={statsOf(
          ['En Route'],
          ['Assigned'],
          ['Completed', FIRST_DONE],
          ['Completed'],
          ['Cancelled'],
        )}
      />,
    );
    expect(within(tile('Active Jobs')).getByText('2')).toBeTruthy();
    expect(within(tile('Active Jobs')).getByText('Active')).toBeTruthy();
    expect(within(tile('Completed Services')).getByText('2')).toBeTruthy();
    expect(within(tile('Member Since')).getByText(formatWhen(FIRST_DONE, 'month'))).toBeTruthy();
  });

  it('greets a customer with no finished job as new, with nothing active', () => {
    renderScreen(<DashboardTiles stats={statsOf(['Cancelled'])} />);
    expect(within(tile('Active Jobs')).getByText('0')).toBeTruthy();
    expect(within(tile('Active Jobs')).getByText('None')).toBeTruthy();
    expect(within(tile('Member Since')).getByText('New')).toBeTruthy();
  });

  it('leads to the review form', () => {
    renderScreen(<DashboardTiles stats={statsOf()} />);
    expect(screen.getByRole('link', { name: 'Leave Review' }).getAttribute('href')).toBe(
      '/feedback',
    );
  });
});

describe('the customer dashboard’s profile', () => {
  const INFO = { name: 'Dana Reid', phone: '0412 345 678', email: 'dana@example.com' };

  it('shows the details the customer gave, and since when they are a customer', () => {
    renderScreen(
      <DashboardProfile
        info={INFO}
        stats={statsOf(['Completed', FIRST_DONE])}
        onSignOut={() => {}}
      />,
    );
    for (const text of [INFO.name, INFO.phone, INFO.email, formatWhen(FIRST_DONE, 'monthLong')])
      expect(screen.getByText(text)).toBeTruthy();
  });

  it('leaves out an email it was not given, and calls a first-timer a new member', () => {
    renderScreen(
      <DashboardProfile info={{ ...INFO, email: '' }} stats={statsOf()} onSignOut={() => {}} />,
    );
    expect(screen.queryByText(/^Email:/)).toBeNull();
    expect(screen.getByText('New Member')).toBeTruthy();
  });

  it('offers the history, a review, a booking and the contact page in one tap each', () => {
    renderScreen(<DashboardProfile info={INFO} stats={statsOf()} onSignOut={() => {}} />);
    expect(
      ['Service History', 'Leave Feedback', 'Book a Service', 'Contact Us'].map((name) =>
        screen.getByRole('link', { name }).getAttribute('href'),
      ),
    ).toEqual(['/service-history', '/feedback', '/booking', '/contact']);
  });
});
