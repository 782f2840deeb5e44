/**
 * The driver's screen as their sign-in answered it, drawn before the full screen's
 * code is in: the jobs of the answer (lib/driver-preview.ts), every one waiting, with its actions
 * off. This module and what it imports carry neither the sync engine nor Dexie, so on a first
 * visit over one bar of signal the cards need a few kilobytes after the answer, not the far larger
 * engine and device database; on an installed phone they paint before the full screen
 * (and the engine) spend the slow CPU. The full screen (driver-page.tsx) then takes over, drawn
 * behind the first frame, and shows the same cards until the synced rows are in.
 */
import type { ReactNode } from 'react';
import { Badge, Card, Container, Group, Stack, Text } from '@mantine/core';
import { driverJobs, type DriverFirstScreen } from '@pilbara/shared-schema';
import { HeadingWithHint } from '../../components/heading-with-hint';
import { usePageTitle } from '../../lib/use-page-title';
import { useRowsAfterFirstFrame, useSayFirstScreenPainted } from '../../lib/first-screen';
import { DriverJobView, VehiclePlaceholder } from './driver-job-view';
import { DRIVER_TEXT } from './driver-text';

/** The screen's frame: its title and the sync status, then the jobs and what follows. */
export function DriverScreenFrame({
  syncStatus,
  children,
}: {
  syncStatus?: ReactNode;
  children: ReactNode;
}) {
  usePageTitle(DRIVER_TEXT.title);
  return (
    <Container size="sm" py="md" px="xs">
      <Stack gap="md">
        <Group justify="space-between" gap="xs" wrap="wrap">
          <HeadingWithHint
            order={1}
            size="h2"
            title={DRIVER_TEXT.title}
            hint={DRIVER_TEXT.subtitle}
          />
          {syncStatus}
        </Group>
        {children}
      </Stack>
    </Container>
  );
}

/** No jobs for this driver (the full screen and the first screen say it alike). */
export function DriverNoJobs() {
  return (
    <Card withBorder radius="md" padding="lg" data-testid="driver-empty">
      <Text fw={600}>{DRIVER_TEXT.empty}</Text>
      <Text size="sm" c="dimmed">
        {DRIVER_TEXT.emptyHint}
      </Text>
    </Card>
  );
}

/**
 * How many cards the first frame draws: what a phone shows before any scrolling (two at 390 ×
 * 844, the most urgent first) and one more. Drawing a driver's dozen or more cards at once cost a
 * slow phone's main thread about half a second before anything was on screen.
 */
const FIRST_FRAME_CARDS = 3;

/** The sign-in's jobs, as the full screen shows them while none of them is on the device yet. */
export function DriverPreviewScreen({
  driverId,
  screen,
}: {
  /** The signed-in driver's account: their jobs are those assigned to it. */
  driverId: number;
  screen: DriverFirstScreen;
}) {
  useSayFirstScreenPainted();
  const jobs = driverJobs(screen.jobs, driverId, new Date());
  // The rest once the first frame is on screen, behind anything the driver does.
  const shown = useRowsAfterFirstFrame(FIRST_FRAME_CARDS);
  return (
    // The sync status chip comes with the full screen: its room is kept so the cards stay put.
    <DriverScreenFrame
      syncStatus={
        <Badge size="lg" variant="light" aria-hidden style={{ visibility: 'hidden' }}>
          Syncing
        </Badge>
      }
    >
      {jobs.length === 0 ? (
        <DriverNoJobs />
      ) : (
        jobs
          .slice(0, shown)
          .map((job) => (
            <DriverJobView
              key={job.id}
              job={job}
              pending={false}
              waiting
              vehicle={<VehiclePlaceholder job={job} />}
            />
          ))
      )}
    </DriverScreenFrame>
  );
}
