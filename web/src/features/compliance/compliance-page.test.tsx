import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { assignmentName } from '@pilbara/shared-schema';
import { aStaffUser } from '@pilbara/shared-schema/testing';
import { renderScreen } from '../../app/test-providers';
import { AuthProvider } from '../../lib/auth';
import { fakeApi, json } from '../../lib/testing/fake-api';
import { db, resetDevice } from '../../sync/testing/device';
import { aComplaint } from './compliance-fixture';
import {
  COMPLAINTS_TEXT,
  COMPLIANCE_TEXT,
  OCCURRENCES_TEXT,
  RECORDS_TEXT,
  YARD_TEXT,
} from './compliance-text';
import { CompliancePage } from './compliance-page';

const OWNER = aStaffUser({
  id: 1,
  username: 'jo',
  firstName: 'Jo',
  lastName: 'Marsh',
  role: 'admin',
});

function renderPage() {
  return renderScreen(
    <AuthProvider>
      <CompliancePage />
    </AuthProvider>,
    { route: '/admin/compliance' },
  );
}

beforeEach(async () => {
  await resetDevice();
  localStorage.setItem('auth_user', JSON.stringify(OWNER));
  fakeApi({ 'GET /api/auth/me': json({ user: OWNER }) });
});

afterEach(() => {
  localStorage.clear();
});

describe('the towing law screen', () => {
  it('opens on the yard and shows each tab’s own content', async () => {
    const { user } = renderPage();
    expect(screen.getByRole('heading', { name: COMPLIANCE_TEXT.title })).toBeTruthy();
    expect(document.title).toContain(COMPLIANCE_TEXT.title);
    expect(screen.getByRole('link', { name: COMPLIANCE_TEXT.back }).getAttribute('href')).toBe(
      '/admin',
    );
    expect(await screen.findByText(YARD_TEXT.empty)).toBeTruthy();

    const shows: [string, string][] = [
      [COMPLIANCE_TEXT.tabs.records, RECORDS_TEXT.intro],
      [COMPLIANCE_TEXT.tabs.complaints, COMPLAINTS_TEXT.empty],
      [COMPLIANCE_TEXT.tabs.occurrences, OCCURRENCES_TEXT.empty],
      [COMPLIANCE_TEXT.tabs.yard, YARD_TEXT.empty],
    ];
    for (const [tab, text] of shows) {
      await user.click(screen.getByRole('tab', { name: tab }));
      expect(await screen.findByText(text)).toBeTruthy();
      expect(screen.getByRole('tab', { name: tab }).getAttribute('aria-selected')).toBe('true');
    }
    // Only the open tab is drawn.
    expect(screen.queryByText(RECORDS_TEXT.intro)).toBeNull();
  });

  it('records a stage in the signed-in owner’s name', async () => {
    await db.complaints.put(aComplaint());
    const { user } = renderPage();
    await user.click(screen.getByRole('tab', { name: COMPLIANCE_TEXT.tabs.complaints }));
    const card = await screen.findByTestId('complaint');
    await user.click(within(card).getByRole('button', { name: COMPLAINTS_TEXT.acknowledge }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: COMPLAINTS_TEXT.save }));
    await waitFor(async () =>
      expect((await db.complaints.get(4))?.acknowledgedBy).toBe(assignmentName(OWNER)),
    );
    expect(card.textContent).toContain(`by ${assignmentName(OWNER)}`);
  });
});
