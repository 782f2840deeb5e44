import { beforeEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import {
  PROVISIONAL_TEXT,
  REFUSED_TEXT,
  noticeMessage,
  type MergeNotice,
} from '@pilbara/shared-schema';
import { aJob, aQuote } from '@pilbara/shared-schema/testing';
import { renderScreen } from '../../app/test-providers';
import { fakeApi } from '../../lib/testing/fake-api';
import { businessYear } from '../../sync/leases';
import { db, resetDevice } from '../../sync/testing/device';
import type { SyncIssue } from '../../sync';
import { NeedsAttentionList } from './needs-attention-list';

const YEAR = businessYear();

function issue(overrides: Partial<SyncIssue> & Pick<SyncIssue, 'id' | 'name'>): SyncIssue {
  return {
    seq: 1,
    mutationId: overrides.id,
    args: {},
    code: 'invalid_state',
    message: 'Refused',
    createdAt: '2026-11-21T01:00:00.000Z',
    rejectedAt: '2026-11-21T02:00:00.000Z',
    ...overrides,
  };
}

function notice(overrides: Partial<MergeNotice> = {}): MergeNotice {
  return {
    id: 7,
    entity: 'quotes',
    recordId: 'Q-2026-1',
    recordRef: 'Q-2026-1',
    parts: [{ path: 'customerPhone', kept: '0400 999 888', lost: '0412 345 678' }],
    keptBy: 2,
    keptByName: 'Alex',
    status: 'open',
    settledBy: null,
    settledAt: null,
    createdAt: '2026-11-21T03:00:00.000Z',
    updatedAt: '2026-11-21T03:00:00.000Z',
    ...overrides,
  };
}

function renderList(userId: number | null = 1) {
  return renderScreen(<NeedsAttentionList userId={userId} />, { route: '/admin' });
}

beforeEach(async () => {
  await resetDevice();
  fakeApi();
});

describe('the needs-attention list', () => {
  it('shows nothing at all when nothing was refused', async () => {
    await db.jobs.put(aJob());
    renderList();
    // The list reads the device; once the job the test stored is readable, so is the list.
    await waitFor(async () => expect(await db.jobs.count()).toBe(1));
    expect(screen.queryByTestId('needs-attention')).toBeNull();
  });

  it('says a step the job has passed on another device no longer applies, and links the job', async () => {
    await db.jobs.put(aJob({ id: 'JOB-2026-3', status: 'Completed', number: 'JOB-2026-30' }));
    await db.syncIssues.put(
      issue({ id: 'm1', name: 'job.startService', args: { id: 'JOB-2026-3', updateId: 4 } }),
    );
    renderList();
    const item = await screen.findByTestId('sync-issue');
    expect(within(item).getByText('Start Service was not applied to job JOB-2026-30')).toBeTruthy();
    expect(within(item).getByTestId('sync-issue-reason').textContent).toContain(
      'Job JOB-2026-30 is already Completed',
    );
    const open = within(item).getByRole('link', { name: REFUSED_TEXT.OPEN_JOB });
    expect(open.getAttribute('href')).toBe('/admin#JOB-2026-3');
    expect(within(item).queryByRole('button', { name: 'Retry' })).toBeNull();
    expect(within(item).getByRole('button', { name: REFUSED_TEXT.DISMISS })).toBeTruthy();
  });

  it('offers Retry for a change that would apply now, and sends it again', async () => {
    await db.jobs.put(aJob({ id: 'JOB-2026-4', status: 'Assigned' }));
    await db.syncIssues.put(
      issue({
        id: 'm2',
        name: 'job.markEnRoute',
        code: 'server_error',
        message: 'The server could not save it',
        args: { id: 'JOB-2026-4', updateId: 9 },
      }),
    );
    const { user } = renderList();
    const item = await screen.findByTestId('sync-issue');
    const retry = await within(item).findByRole('button', { name: 'Retry' });
    expect(within(item).getByRole('button', { name: 'Discard' })).toBeTruthy();
    await user.click(retry);
    await waitFor(() => expect(screen.queryByTestId('needs-attention')).toBeNull());
    expect(await db.syncIssues.count()).toBe(0);
    expect((await db.outbox.toArray()).map((item) => item.name)).toEqual(['job.markEnRoute']);
  });

  it('shows what was typed into a refused change, so nothing of it is lost', async () => {
    await db.syncIssues.put(
      issue({
        id: 'm3',
        name: 'vehicle.add',
        code: 'invalid_args',
        message: 'Registration already exists',
        args: { id: 12, name: 'Little Blue', registration: '1XYZ789' },
      }),
    );
    renderList();
    const item = await screen.findByTestId('sync-issue');
    const typed = within(item).getByTestId('sync-issue-typed');
    expect(within(typed).getByText('What you typed')).toBeTruthy();
    expect(typed.textContent).toContain('Registration: 1XYZ789');
    expect(within(item).queryByRole('button', { name: 'Retry' })).toBeNull();
  });

  it('puts a refused edit of a sent quote into a new draft at one tap', async () => {
    await db.quotes.put(aQuote({ id: 'Q-2026-5', status: 'sent', number: 'Q-2026-50' }));
    await db.syncIssues.put(
      issue({
        id: 'm4',
        name: 'quote.save',
        code: 'invalid_state',
        message: 'Only a draft quote can be edited',
        args: {
          ...aQuote({ id: 'Q-2026-5' }),
          customerName: 'Dana Reid-Moss',
          notes: 'Gate code 4411',
        },
      }),
    );
    const { user } = renderList();
    const item = await screen.findByTestId('sync-issue');
    // The quote is named by its number, read from the device's database a moment after the item.
    expect(
      await within(item).findByText('Your changes to quote Q-2026-50 were not saved'),
    ).toBeTruthy();
    expect(within(item).getByTestId('sync-issue-reason').textContent).toContain(
      'sent to the customer',
    );
    expect(within(item).getByTestId('sync-issue-typed').textContent).toContain('Gate code 4411');
    expect(within(item).getByRole('button', { name: REFUSED_TEXT.SEND_REVISION })).toBeTruthy();
    await user.click(within(item).getByRole('button', { name: REFUSED_TEXT.COPY_TO_DRAFT }));

    // The new draft has no number until it reaches the server; its key is never shown.
    const draftId = `Q-${YEAR}-P1`;
    expect(
      await screen.findByText(`New draft ${PROVISIONAL_TEXT.REF} holds what you typed.`),
    ).toBeTruthy();
    expect(document.body.textContent).not.toContain(draftId);
    await waitFor(() => expect(screen.queryByTestId('sync-issue')).toBeNull());
    expect(await db.quotes.get(draftId)).toMatchObject({
      status: 'draft',
      customerName: 'Dana Reid-Moss',
      notes: 'Gate code 4411',
    });
  });

  it('links the job another owner’s approval made, in place of the refused one', async () => {
    await db.jobs.put(aJob({ id: 'JOB-2026-8', number: 'JOB-2026-80' }));
    await db.syncIssues.put(
      issue({
        id: 'm5',
        name: 'booking.approve',
        code: 'conflict',
        message: 'This booking was already approved',
        args: { bookingId: 'BKG-2026-1', jobId: 'JOB-2026-P3', updateId: 3 },
        related: { entity: 'jobs', id: 'JOB-2026-8' },
      }),
    );
    renderList();
    const replacement = await screen.findByTestId('sync-issue-replacement');
    expect(replacement.textContent).toContain('What was made on this device was not kept: see');
    expect(replacement.textContent).not.toContain('JOB-2026-P3');
    await waitFor(() =>
      expect(within(replacement).getByRole('link').textContent).toBe('JOB-2026-80'),
    );
    expect(within(replacement).getByRole('link').getAttribute('href')).toBe('/admin#JOB-2026-8');
  });

  it('shows both values of a conflict and keeps this device’s at Keep mine', async () => {
    await db.quotes.put(aQuote({ id: 'Q-2026-6', customerPhone: '0400 999 888' }));
    await db.syncIssues.put(
      issue({
        id: 'm6',
        name: 'quote.save',
        code: 'conflict',
        message: 'Alex changed this quote at the same time',
        args: { id: 'Q-2026-6' },
        conflict: {
          entity: 'quotes',
          id: 'Q-2026-6',
          parts: [{ path: 'customerPhone', mine: '0412 345 678', theirs: '0400 999 888' }],
        },
      }),
    );
    const { user } = renderList();
    const conflict = await screen.findByTestId('sync-conflict');
    const part = within(conflict).getByTestId('conflict-part');
    expect(part.textContent).toContain('Yours: 0412 345 678');
    expect(part.textContent).toContain('Theirs (saved now): 0400 999 888');
    await user.click(within(conflict).getByRole('button', { name: 'Keep mine' }));
    await waitFor(() => expect(screen.queryByTestId('sync-conflict')).toBeNull());
    await waitFor(async () =>
      expect((await db.quotes.get('Q-2026-6'))?.customerPhone).toBe('0412 345 678'),
    );
  });

  it('tells the owner whose value the other kept, and puts it back at one tap', async () => {
    await db.quotes.put(aQuote({ customerPhone: '0400 999 888' }));
    await db.merge_notices.put(notice());
    const { user } = renderList();
    const item = await screen.findByTestId('merge-notice');
    expect(within(item).getByText(noticeMessage(notice()))).toBeTruthy();
    const part = within(item).getByTestId('notice-part');
    expect(part.textContent).toContain('Yours (replaced): 0412 345 678');
    expect(part.textContent).toContain('Kept now: 0400 999 888');
    expect(screen.getByText('1 change needs attention')).toBeTruthy();
    await user.click(within(item).getByRole('button', { name: 'Put mine back' }));
    await waitFor(async () =>
      expect((await db.quotes.get('Q-2026-1'))?.customerPhone).toBe('0412 345 678'),
    );
    await waitFor(() => expect(screen.queryByText(noticeMessage(notice()))).toBeNull());
    expect((await db.merge_notices.get(7))?.status).toBe('undone');
  });

  it('settles the notice and changes nothing else at Keep theirs', async () => {
    await db.quotes.put(aQuote({ customerPhone: '0400 999 888' }));
    await db.merge_notices.put(notice());
    const { user } = renderList();
    const item = await screen.findByTestId('merge-notice');
    await user.click(within(item).getByRole('button', { name: 'Keep theirs' }));
    await waitFor(() => expect(screen.queryByTestId('merge-notice')).toBeNull());
    expect((await db.merge_notices.get(7))?.status).toBe('accepted');
    expect((await db.quotes.get('Q-2026-1'))?.customerPhone).toBe('0400 999 888');
    expect((await db.outbox.toArray()).map((item) => item.name)).toEqual(['mergeNotice.settle']);
  });

  it('does not show an owner a notice of their own doing', async () => {
    await db.merge_notices.put(notice({ keptBy: 1 }));
    await db.syncIssues.put(issue({ id: 'm7', name: 'job.delete', args: { id: 'JOB-2026-1' } }));
    renderList(1);
    await screen.findByTestId('sync-issue');
    expect(screen.queryByTestId('merge-notice')).toBeNull();
    expect(screen.getByText('1 change needs attention')).toBeTruthy();
  });

  it('counts every item in its heading', async () => {
    await db.merge_notices.put(notice());
    await db.syncIssues.bulkPut([
      issue({ id: 'm8', name: 'job.delete', args: { id: 'JOB-2026-1' } }),
      issue({ id: 'm9', name: 'job.delete', args: { id: 'JOB-2026-2' } }),
    ]);
    renderList();
    expect(await screen.findByText('3 changes need attention')).toBeTruthy();
  });
});
