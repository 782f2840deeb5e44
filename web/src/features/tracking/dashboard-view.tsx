/**
 * The customer dashboard once a customer is known (docs/features.md): welcome
 * banner, four tiles, and the Active Jobs / History / Profile tabs. Bookings waiting for approval
 * (at the server, or still on this phone waiting for signal) show above the active jobs.
 *
 * Where the page's design leaves a button dead and a customer would expect it to work
 * (docs/decisions/2026-11-24-dead-buttons-work.md), it works, keeping its label: Call Driver
 * dials the assigned driver (a co-owner, whose number is public) or the main line; Message opens a
 * text to the same number quoting the job; Invoice asks for the job's tax invoice by email;
 * Settings opens the Profile tab.
 */
import { useState, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import {
  Button,
  Card,
  Center,
  Group,
  Loader,
  Paper,
  Stack,
  Tabs,
  Text,
  ThemeIcon,
  Title,
} from '@mantine/core';
import {
  IconCalendarPlus,
  IconClipboardList,
  IconHistory,
  IconSettings,
  IconTruck,
  IconUser,
} from '@tabler/icons-react';
import {
  activeJobsOf,
  customerDashboardStats,
  historyJobsOf,
  type Booking,
  type Job,
} from '@pilbara/shared-schema';
import { samePhone, type SavedBooking } from '../../lib/my-bookings';
import { BookingDetails } from './booking-details';
import { DeviceBookings } from './device-bookings';
import type { CustomerInfo } from './customer-info';
import { ActiveJobCard, HistoryJobCard } from './dashboard-job-cards';
import { DashboardProfile } from './dashboard-profile';
import { DashboardTiles } from './dashboard-tiles';

function EmptyState({
  icon,
  title,
  text,
  action,
}: {
  icon: ReactNode;
  title: string;
  text: string;
  action?: ReactNode;
}) {
  return (
    <Card withBorder radius="md" padding="xl">
      <Stack align="center" ta="center" gap="sm">
        <ThemeIcon size={56} radius="xl" variant="light" color="gray" aria-hidden>
          {icon}
        </ThemeIcon>
        <Title order={3} size="h4">
          {title}
        </Title>
        <Text c="dimmed" maw={420}>
          {text}
        </Text>
        {action}
      </Stack>
    </Card>
  );
}

export function DashboardView({
  info,
  jobs,
  reviewedJobIds = [],
  bookings,
  deviceBookings,
  bookingsListed,
  loading,
  onSignOut,
}: {
  info: CustomerInfo;
  jobs: Job[];
  /** The jobs the customer has already reviewed (no Rate for them). */
  reviewedJobIds?: readonly string[];
  /** The customer's bookings waiting for approval, as the server has them. */
  bookings: Booking[];
  /** Bookings made on this phone (saved copies, some maybe not yet sent). */
  deviceBookings: SavedBooking[];
  /** Whether the server's answer lists pending bookings (the hardened lookup does). */
  bookingsListed: boolean;
  loading: boolean;
  onSignOut: () => void;
}) {
  const [tab, setTab] = useState<string | null>('active');
  const reviewed = new Set(reviewedJobIds);
  // This phone's own bookings the server does not list: those still waiting for signal. (A
  // server that does not list pending bookings at all leaves the sent ones to this phone's copy.)
  const listed = new Set(bookings.map((b) => b.id));
  const localOnly = deviceBookings.filter(
    (b) =>
      samePhone(b.phone, info.phone) &&
      (b.status === 'waiting' || (!bookingsListed && !(b.reference && listed.has(b.reference)))),
  );
  const stats = customerDashboardStats(jobs, new Date().toISOString());
  const active = activeJobsOf(jobs);
  const completed = historyJobsOf(jobs);

  return (
    <Stack gap="lg">
      <Paper radius="md" p={{ base: 'md', sm: 'xl' }} bg="var(--mantine-color-dark-7)" c="white">
        <Group justify="space-between" align="center" wrap="wrap" gap="md">
          <Stack gap={4}>
            <Title order={1} size="h2">
              Welcome back, {info.name}!
            </Title>
            <Text c="gray.4">Your jobs, history and details in one place.</Text>
          </Stack>
          <Group gap="sm">
            <Button
              component={Link}
              to="/booking"
              leftSection={<IconCalendarPlus size={18} />}
              mih={44}
            >
              Book Service
            </Button>
            <Button
              variant="white"
              color="dark"
              leftSection={<IconSettings size={18} />}
              mih={44}
              onClick={() => setTab('profile')}
            >
              Settings
            </Button>
          </Group>
        </Group>
      </Paper>

      <DashboardTiles stats={stats} />

      <Tabs value={tab} onChange={setTab} keepMounted={false}>
        <Tabs.List grow>
          <Tabs.Tab value="active" leftSection={<IconClipboardList size={16} />}>
            Active Jobs
          </Tabs.Tab>
          <Tabs.Tab value="history" leftSection={<IconHistory size={16} />}>
            History
          </Tabs.Tab>
          <Tabs.Tab value="profile" leftSection={<IconUser size={16} />}>
            Profile
          </Tabs.Tab>
        </Tabs.List>

        <Tabs.Panel value="active" pt="md">
          {loading ? (
            <Center py="xl">
              <Stack align="center" gap="xs">
                <Loader />
                <Text c="dimmed">Loading your active jobs...</Text>
              </Stack>
            </Center>
          ) : active.length === 0 && bookings.length === 0 && localOnly.length === 0 ? (
            <EmptyState
              icon={<IconTruck size={30} />}
              title="No Active Jobs"
              text="You have no jobs under way right now. Need a tow, recovery or a mechanic?"
              action={
                <Button component={Link} to="/booking" mih={44}>
                  Book a Service
                </Button>
              }
            />
          ) : (
            <Stack gap="md">
              {bookings.map((booking) => (
                <BookingDetails key={booking.id} booking={booking} />
              ))}
              <DeviceBookings bookings={localOnly} title="Booked on this phone" />
              {active.map((job) => (
                <ActiveJobCard key={job.id} job={job} />
              ))}
            </Stack>
          )}
        </Tabs.Panel>

        <Tabs.Panel value="history" pt="md">
          {completed.length === 0 ? (
            <EmptyState
              icon={<IconHistory size={30} />}
              title="No Service History"
              text="Completed services will be listed here."
            />
          ) : (
            <Stack gap="md">
              {completed.map((job) => (
                <HistoryJobCard key={job.id} job={job} reviewed={reviewed.has(job.id)} />
              ))}
            </Stack>
          )}
        </Tabs.Panel>

        <Tabs.Panel value="profile" pt="md">
          <DashboardProfile info={info} stats={stats} onSignOut={onSignOut} />
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}
