import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { useLocation } from 'react-router-dom';
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

/** The page with the address beside it and a way to mount it afresh, as the staff guard can. */
function Mounted() {
  const [mount, setMount] = useState(0);
  const location = useLocation();
  return (
    <>
      <CompliancePage key={mount} />
      <output data-testid="address">{`${location.pathname}${location.search}`}</output>
      <button type="button" onClick={() => setMount((n) => n + 1)}>
        Mount again
      </button>
    </>
  );
}

function renderPage(route = '/admin/compliance') {
  return renderScreen(
    <AuthProvider>
      <Mounted />
    </AuthProvider>,
    { route },
  );
}

const selected = (name: string) =>
  screen.getByRole('tab', { name }).getAttribute('aria-selected') === 'true';

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

  it('keeps the open tab in the address, so it outlasts the page being mounted again', async () => {
    const { user } = renderPage();
    await user.click(screen.getByRole('tab', { name: COMPLIANCE_TEXT.tabs.complaints }));
    expect(screen.getByTestId('address').textContent).toBe('/admin/compliance?tab=complaints');
    await user.click(screen.getByRole('button', { name: 'Mount again' }));
    expect(await screen.findByText(COMPLAINTS_TEXT.empty)).toBeTruthy();
    expect(selected(COMPLIANCE_TEXT.tabs.complaints)).toBe(true);

    await user.click(screen.getByRole('tab', { name: COMPLIANCE_TEXT.tabs.yard }));
    expect(screen.getByTestId('address').textContent).toBe('/admin/compliance');
  });

  it('opens on the tab a link names, and on the yard for a tab it does not have', async () => {
    const first = renderPage('/admin/compliance?tab=occurrences');
    expect(await screen.findByText(OCCURRENCES_TEXT.empty)).toBeTruthy();
    expect(selected(COMPLIANCE_TEXT.tabs.occurrences)).toBe(true);
    first.unmount();

    renderPage('/admin/compliance?tab=invoices');
    expect(await screen.findByText(YARD_TEXT.empty)).toBeTruthy();
    expect(selected(COMPLIANCE_TEXT.tabs.yard)).toBe(true);
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
