import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { documentRef, todayInPerth } from '@pilbara/shared-schema';
import { aJob } from '@pilbara/shared-schema/testing';
import { renderScreen } from '../../app/test-providers';
import { setOnline } from '../../lib/testing/fake-api';
import { db, resetDevice } from '../../sync/testing/device';
import { aCrashTow, labelled } from './compliance-fixture';
import { RECORDS_TEXT } from './compliance-text';
import { RecordsTab } from './records-tab';

function renderRecords() {
  return renderScreen(<RecordsTab />, { route: '/admin/compliance' });
}

function href(testId: string): string | null {
  return screen.getByTestId(testId).getAttribute('href');
}

beforeEach(async () => {
  await resetDevice();
  setOnline(true);
});

afterEach(() => {
  setOnline(true);
});

describe('the records an officer can ask for', () => {
  it('downloads today’s records until other dates are chosen', async () => {
    renderRecords();
    const today = todayInPerth();
    const range = `from=${today}&to=${today}`;
    expect(href('records-csv')).toBe(`/api/compliance/records.csv?${range}`);
    expect(href('records-pdf')).toBe(`/api/compliance/records.pdf?${range}`);
    expect(href('officer-pack')).toBe(`/api/compliance/officer-pack.pdf?${range}`);

    fireEvent.change(labelled(document.body, RECORDS_TEXT.from), {
      target: { value: '2026-07-01' },
    });
    fireEvent.change(labelled(document.body, RECORDS_TEXT.to), {
      target: { value: '2026-09-30' },
    });
    const chosen = 'from=2026-07-01&to=2026-09-30';
    expect(href('records-csv')).toBe(`/api/compliance/records.csv?${chosen}`);
    expect(href('records-pdf')).toBe(`/api/compliance/records.pdf?${chosen}`);
    expect(href('officer-pack')).toBe(`/api/compliance/officer-pack.pdf?${chosen}`);
  });

  it('puts one crash tow’s records in the officer’s pack, named as people know the job', async () => {
    const job = aJob({ id: 'JOB-2026-44', customerName: 'Morgan Ellis' });
    await db.jobs.put(job);
    await db.crash_tows.put(aCrashTow(job.id));
    const { user } = renderRecords();
    const scope = labelled(document.body, RECORDS_TEXT.job);
    await user.selectOptions(
      scope,
      await screen.findByRole('option', { name: `${documentRef(job)} · Morgan Ellis` }),
    );
    expect(href('officer-pack')).toBe('/api/compliance/officer-pack.pdf?jobId=JOB-2026-44');
    await user.selectOptions(scope, RECORDS_TEXT.period);
    expect(href('officer-pack')).toMatch(/officer-pack\.pdf\?from=/);
  });

  it('says the downloads need signal, and offers none, while offline', async () => {
    renderRecords();
    expect(screen.queryByText(RECORDS_TEXT.offline)).toBeNull();
    setOnline(false);
    expect(await screen.findByText(RECORDS_TEXT.offline)).toBeTruthy();
    for (const testId of ['records-csv', 'records-pdf', 'officer-pack']) {
      expect(href(testId)).toBeNull();
      expect(screen.getByTestId(testId).dataset.disabled).toBe('true');
    }
    setOnline(true);
    await waitFor(() => expect(screen.queryByText(RECORDS_TEXT.offline)).toBeNull());
    expect(href('records-csv')).not.toBeNull();
  });
});
