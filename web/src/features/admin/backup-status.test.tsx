import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import {
  BACKUP_TEXT,
  MESSAGES,
  backupStatusResponseSchema,
  type BackupStatus,
} from '@pilbara/shared-schema';
import { renderScreen } from '../../app/test-providers';
import { fakeApi, json, setOnline } from '../../lib/testing/fake-api';
import { BackupStatusCard } from './backup-status';

const NOW = new Date('2026-11-21T10:00:00.000Z');
const HOURS_AGO = (hours: number) => new Date(NOW.getTime() - hours * 3_600_000).toISOString();

function status(overrides: Partial<BackupStatus> = {}): { backups: BackupStatus } {
  const backup = {
    id: 'b-1',
    takenAt: HOURS_AGO(2),
    trigger: 'schedule' as const,
    databaseBytes: 4_000_000,
    files: 12,
    filesCopied: 3,
    durationMs: 900,
    offsite: [{ destination: '/mnt/usb', at: HOURS_AGO(2) }],
  };
  // The answer is checked against the server's schema, so a test cannot feed the card a shape
  // the server never sends.
  return backupStatusResponseSchema.parse({
    backups: {
      directory: '/var/lib/pilbara/backups',
      everyMinutes: 60,
      offsiteDestinations: ['/mnt/usb'],
      lastGood: backup,
      lastOffsite: { destination: '/mnt/usb', at: HOURS_AGO(2) },
      running: null,
      lastFailure: null,
      recent: [backup],
      recovery: null,
      ...overrides,
    },
  });
}

function renderCard() {
  return renderScreen(<BackupStatusCard now={() => NOW} />);
}

describe('the backup status card', () => {
  it('shows the ages of the last backup and copy in words, with OK when both are fresh', async () => {
    fakeApi({ 'GET /api/backups': json(status()) });
    renderCard();
    expect(await screen.findByText(BACKUP_TEXT.lastGood('2 hours ago'))).toBeTruthy();
    expect(screen.getByText(BACKUP_TEXT.lastOffsite('2 hours ago'))).toBeTruthy();
    expect(within(screen.getByTestId('backup-status')).getByText('OK')).toBeTruthy();
    expect(screen.queryByText(BACKUP_TEXT.staleBackup)).toBeNull();
    expect(screen.queryByText(BACKUP_TEXT.offsiteMissing)).toBeNull();
  });

  it('warns when the last good backup is more than a day old, and drops the OK', async () => {
    fakeApi({
      'GET /api/backups': json(
        status({
          lastGood: { ...status().backups.lastGood!, takenAt: HOURS_AGO(30) },
        }),
      ),
    });
    renderCard();
    expect(await screen.findByText(BACKUP_TEXT.staleBackup)).toBeTruthy();
    expect(screen.getByText(BACKUP_TEXT.lastGood('30 hours ago'))).toBeTruthy();
    expect(within(screen.getByTestId('backup-status')).queryByText('OK')).toBeNull();
  });

  it('says a backup never ran, and that copies stay on this machine when none leave it', async () => {
    fakeApi({
      'GET /api/backups': json(
        status({ lastGood: null, lastOffsite: null, offsiteDestinations: [], recent: [] }),
      ),
    });
    renderCard();
    expect(await screen.findByText(BACKUP_TEXT.lastGood('never'))).toBeTruthy();
    expect(screen.getByText(BACKUP_TEXT.offsiteOff)).toBeTruthy();
    expect(screen.getByText(BACKUP_TEXT.offsiteMissing)).toBeTruthy();
    expect(screen.getByText(BACKUP_TEXT.staleBackup)).toBeTruthy();
    // No off-machine destination is set up, so its age is not a second alarm.
    expect(screen.queryByText(BACKUP_TEXT.staleOffsite)).toBeNull();
  });

  it('warns when no copy left the machine in the last day', async () => {
    fakeApi({
      'GET /api/backups': json(
        status({ lastOffsite: { destination: '/mnt/usb', at: HOURS_AGO(50) } }),
      ),
    });
    renderCard();
    expect(await screen.findByText(BACKUP_TEXT.staleOffsite)).toBeTruthy();
    expect(screen.getByText(BACKUP_TEXT.lastOffsite('2 days ago'))).toBeTruthy();
  });

  it('names the failed backup and the server’s reason', async () => {
    fakeApi({
      'GET /api/backups': json(
        status({ lastFailure: { at: HOURS_AGO(1), stage: 'offsite', message: 'USB drive full' } }),
      ),
    });
    renderCard();
    expect(
      await screen.findByText(BACKUP_TEXT.failed('1 hour ago', 'USB drive full')),
    ).toBeTruthy();
    expect(within(screen.getByTestId('backup-status')).queryByText('OK')).toBeNull();
  });

  it('starts a backup at the owner’s press and says it is running', async () => {
    const api = fakeApi({ 'GET /api/backups': json(status()) });
    api.on(
      'POST /api/backups',
      json(status({ running: { startedAt: NOW.toISOString(), trigger: 'manual' } })),
    );
    const { user } = renderCard();
    const start = await screen.findByRole('button', { name: BACKUP_TEXT.start });
    await user.click(start);
    expect(await screen.findByText(BACKUP_TEXT.started)).toBeTruthy();
    expect(await screen.findByText(BACKUP_TEXT.running)).toBeTruthy();
    expect(api.callsTo('POST /api/backups')).toHaveLength(1);
  });

  it('says the status needs a connection, and offers no button that cannot work, offline', async () => {
    setOnline(false);
    try {
      const api = fakeApi();
      renderCard();
      expect(await screen.findByText(BACKUP_TEXT.needsConnection)).toBeTruthy();
      expect(
        (screen.getByRole('button', { name: BACKUP_TEXT.start }) as HTMLButtonElement).disabled,
      ).toBe(true);
      expect(api.calls).toHaveLength(0);
    } finally {
      setOnline(true);
    }
  });

  it('shows the server’s refusal in an error toast when a backup cannot start', async () => {
    const api = fakeApi({ 'GET /api/backups': json(status()) });
    api.on('POST /api/backups', json({ error: 'A backup is already running' }, 409));
    const { user } = renderCard();
    await user.click(await screen.findByRole('button', { name: BACKUP_TEXT.start }));
    expect(await screen.findByText(MESSAGES.ERROR_TITLE)).toBeTruthy();
    expect(screen.getByText('A backup is already running')).toBeTruthy();
  });

  describe('after a restore', () => {
    const restored = (overrides: Partial<NonNullable<BackupStatus['recovery']>> = {}) =>
      status({
        recovery: {
          restoredAt: HOURS_AGO(3),
          backupTakenAt: HOURS_AGO(20),
          journalComplete: true,
          waiting: false,
          gaveBack: 1,
          missing: [],
          ...overrides,
        },
      });

    it('says how many changes the devices gave back and that nothing is missing', async () => {
      fakeApi({ 'GET /api/backups': json(restored()) });
      renderCard();
      const report = await screen.findByTestId('backup-recovery');
      expect(within(report).getByText(BACKUP_TEXT.restoredHeading)).toBeTruthy();
      expect(within(report).getByText(BACKUP_TEXT.gaveBack(1))).toBeTruthy();
      expect(within(report).getByText(BACKUP_TEXT.nothingMissing)).toBeTruthy();
      expect(within(report).queryByRole('button', { name: BACKUP_TEXT.stopWaiting })).toBeNull();
    });

    it('lists what no device gave back, and says when its own record was lost', async () => {
      fakeApi({
        'GET /api/backups': json(
          restored({
            journalComplete: false,
            gaveBack: 4,
            missing: [
              { at: HOURS_AGO(10), what: 'Booking BKG-2026-9', how: 'made on the website' },
            ],
          }),
        ),
      });
      renderCard();
      const report = await screen.findByTestId('backup-recovery');
      expect(within(report).getByText(BACKUP_TEXT.gaveBack(4))).toBeTruthy();
      expect(within(report).getByText(BACKUP_TEXT.notGivenBack)).toBeTruthy();
      expect(within(report).getByText(/Booking BKG-2026-9: made on the website/)).toBeTruthy();
      expect(within(report).getByText(/was lost with the data folder/)).toBeTruthy();
      expect(within(report).queryByText(BACKUP_TEXT.nothingMissing)).toBeNull();
    });

    it('stops waiting for devices at the owner’s press', async () => {
      const api = fakeApi({ 'GET /api/backups': json(restored({ waiting: true })) });
      api.on('POST /api/backups/recovery/stop-waiting', json(restored({ waiting: false })));
      const { user } = renderCard();
      const report = await screen.findByTestId('backup-recovery');
      expect(within(report).getByText(BACKUP_TEXT.waiting)).toBeTruthy();
      await user.click(within(report).getByRole('button', { name: BACKUP_TEXT.stopWaiting }));
      await waitFor(() => expect(screen.queryByText(BACKUP_TEXT.waiting)).toBeNull());
      expect(api.callsTo('POST /api/backups/recovery/stop-waiting')).toHaveLength(1);
    });

    it('no longer shows a restore of long ago that waits for nothing', async () => {
      fakeApi({ 'GET /api/backups': json(restored({ restoredAt: HOURS_AGO(24 * 40) })) });
      renderCard();
      await screen.findByText(BACKUP_TEXT.lastGood('2 hours ago'));
      expect(screen.queryByTestId('backup-recovery')).toBeNull();
    });
  });
});
