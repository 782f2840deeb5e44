/**
 * The admin panel as the sign-in answered it (lib/admin-preview.ts), drawn before the panel can
 * be: on a new phone the panel needs its code, the device database and the first pages of the
 * device's snapshot, many seconds on one bar of signal. This screen needs the answer and a few
 * kilobytes of code, none of it the sync engine or Dexie, so the owner reads the day at once:
 * the figures, the fleet's due list, the active jobs and the bookings waiting. It is read-only:
 * every action runs on the synced rows, so the panel takes over once the device holds them
 * (admin-page.tsx), or at once when the owner asks for it.
 */
import {
  Button,
  Card,
  Container,
  Group,
  Loader,
  SimpleGrid,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import {
  activeJobsOf,
  adminDashboardStats,
  type AdminFirstScreen,
  type Booking,
  type Job,
} from '@pilbara/shared-schema';
import { DueAlert } from '../../components/fleet/due-alert';
import { holdAdminPreview } from '../../lib/admin-preview';
import { useRowsAfterFirstFrame, useSayFirstScreenPainted } from '../../lib/first-screen';
import { usePageTitle } from '../../lib/use-page-title';
import { StatusBadge, UrgencyBadge } from './admin-badges';
import { ADMIN_TEXT } from './admin-text';
import { Tile } from './tile';

function JobLine({ job }: { job: Job }) {
  return (
    <Card withBorder radius="md" padding="sm" data-testid="first-screen-job" data-job-id={job.id}>
      <Group justify="space-between" gap="xs" wrap="wrap">
        <Text fw={700}>{job.number}</Text>
        <StatusBadge status={job.status} />
      </Group>
      <Text size="sm">
        {job.customerName} · {job.service}
      </Text>
      <Text size="sm" c="dimmed">
        {job.location}
        {job.assignedTo ? ` · ${job.assignedTo}` : ''}
      </Text>
    </Card>
  );
}

function BookingLine({ booking }: { booking: Booking }) {
  return (
    <Card withBorder radius="md" padding="sm" data-testid="first-screen-booking">
      <Group justify="space-between" gap="xs" wrap="wrap">
        <Text fw={700}>{booking.customerName}</Text>
        <UrgencyBadge urgency={booking.urgency} />
      </Group>
      <Text size="sm">
        {booking.service} · {booking.location}
      </Text>
    </Card>
  );
}

/**
 * Rows of each list the first frame draws: below the figures and the due list, a 390 px phone
 * shows the first two or three of them. A depot's day holds dozens of open jobs, and drawing them
 * all in the first frame held it back at 4× CPU; the rest follow once it is on screen.
 */
const FIRST_FRAME_ROWS = 3;

export function AdminPreviewScreen({ screen }: { screen: AdminFirstScreen }) {
  useSayFirstScreenPainted();
  const rows = useRowsAfterFirstFrame(FIRST_FRAME_ROWS);
  usePageTitle(ADMIN_TEXT.title);
  const t = ADMIN_TEXT.tiles;
  const stats = adminDashboardStats(screen.jobs, screen.bookings, 0);
  const active = activeJobsOf(screen.jobs);
  const pending = screen.bookings.filter((booking) => booking.status === 'pending');
  return (
    <Container size="xl" py="lg" px={{ base: 'xs', sm: 'md' }} data-testid="admin-first-screen">
      <Stack gap="md">
        <Title order={1}>{ADMIN_TEXT.title}</Title>
        <Card withBorder radius="md" padding="sm" role="status">
          <Group gap="sm" wrap="nowrap" align="flex-start">
            <Loader size="sm" mt={2} aria-hidden />
            <Stack gap={4}>
              <Text size="sm">{ADMIN_TEXT.firstScreenNote}</Text>
              <Button
                variant="light"
                size="compact-sm"
                onClick={() => holdAdminPreview(null)}
                style={{ alignSelf: 'flex-start' }}
              >
                {ADMIN_TEXT.firstScreenOpen}
              </Button>
            </Stack>
          </Group>
        </Card>
        <SimpleGrid cols={{ base: 3, lg: 5 }} spacing="sm" data-testid="summary-tiles">
          <Tile label={t.activeJobs} value={stats.activeJobs} testId="tile-active-jobs" />
          <Tile
            label={t.pendingBookings}
            value={stats.pendingBookings}
            testId="tile-pending-bookings"
          />
          <Tile
            label={t.emergencyJobs}
            value={stats.emergencyJobs}
            testId="tile-emergency-jobs"
            accent={stats.emergencyJobs > 0 ? 'red' : undefined}
          />
        </SimpleGrid>
        <DueAlert items={screen.dueItems} />
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
          <Stack gap="xs">
            <Title order={2} size="h4">
              {ADMIN_TEXT.firstScreenJobs(active.length)}
            </Title>
            {active.length === 0 ? (
              <Text c="dimmed">{ADMIN_TEXT.noJobs}</Text>
            ) : (
              active.slice(0, rows).map((job) => <JobLine key={job.id} job={job} />)
            )}
          </Stack>
          <Stack gap="xs">
            <Title order={2} size="h4">
              {`${ADMIN_TEXT.tabs.bookings} (${pending.length})`}
            </Title>
            {pending.length === 0 ? (
              <Text c="dimmed">{ADMIN_TEXT.noBookings}</Text>
            ) : (
              pending
                .slice(0, rows)
                .map((booking) => <BookingLine key={booking.id} booking={booking} />)
            )}
          </Stack>
        </SimpleGrid>
      </Stack>
    </Container>
  );
}
