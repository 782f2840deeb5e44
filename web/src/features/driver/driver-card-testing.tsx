/**
 * The driver's job card in a screen test, as the driver's screen draws it: from the job this
 * device holds now, so a change the card writes shows on it as it does on /driver.
 */
import { screen } from '@testing-library/react';
import type { Job } from '@pilbara/shared-schema';
import { useLiveQuery } from 'dexie-react-hooks';
import { renderScreen } from '../../app/test-providers';
import { db } from '../../sync/testing/device';
import { DriverJobCard } from './driver-job-card';

export const CARD_JOB_ID = 'JOB-2026-21';

/** No trucks on the device: the card's vehicle select has nothing to warn about. */
export const NO_FLEET = { vehicles: [], defects: [], checks: [] };

function LiveCard() {
  const job = useLiveQuery(async () => (await db.jobs.get(CARD_JOB_ID)) as Job | undefined, []);
  return job ? <DriverJobCard job={job} pending={false} driverName="Sam" fleet={NO_FLEET} /> : null;
}

/** Puts `job` (with the id {@link CARD_JOB_ID}) on the device and draws its card. */
export async function renderCardOf(job: Job) {
  await db.jobs.put(job);
  const rendered = renderScreen(<LiveCard />, { route: '/driver' });
  const card = await screen.findByTestId('driver-job');
  return { ...rendered, card };
}

/** What the card kept to send, by name and arguments. */
export async function outbox(): Promise<Array<{ name: string; args: unknown }>> {
  return (await db.outbox.toArray()).map(({ name, args }) => ({ name, args }));
}
