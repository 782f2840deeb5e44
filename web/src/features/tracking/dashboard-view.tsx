/**
 * The customer dashboard once a customer is known (spec §2 "Customer dashboard"): welcome
 * banner, four tiles, and the Active Jobs / History / Profile tabs. Bookings waiting for approval
 * (at the server, or still on this phone waiting for signal) show above the active jobs.
 *
 * Where the spec leaves a button dead and a customer would expect it to work (DESIGN §11), it
 * works, keeping the spec's text: Call Driver dials the assigned driver (a co-owner, whose number
 * is public) or the main line; Message opens a text to the same number quoting the job; Invoice
 * asks for the job's tax invoice by email; Settings opens the Profile tab.
 */
import { useState, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import {
  Anchor,
  Badge,
  Button,
  Card,
  Center,
  Group,
  Loader,
  Paper,
  Progress,
  SimpleGrid,
  Stack,
  Tabs,
  Text,
  ThemeIcon,
  Title,
} from '@mantine/core';
import {
  IconCalendarPlus,
  IconCheck,
  IconClipboardList,
  IconFileInvoice,
  IconHistory,
  IconMessage,
  IconPhone,
  IconSettings,
  IconStar,
  IconTruck,
  IconUser,
  IconUserCircle,
} from '@tabler/icons-react';
import {
  activeJobsOf,
  arrivalEstimate,
  arrivalText,
  customerDashboardStats,
  DATE_FORMATS,
  formatPerth,
  historyJobsOf,
  trackingPath,
  type Booking,
  type Job,
} from '@pilbara/shared-schema';
import { useOperators, useProfile } from '../../components/profile-provider';
import { telHref } from '../../lib/format';
import { samePhone, type SavedBooking } from '../../lib/my-bookings';
import { BookingDetails } from './booking-details';
import { DeviceBookings } from './device-bookings';
import type { CustomerInfo } from './customer-info';
import { JobStatusBadge } from './job-status-badge';

function Tile({
  icon,
  label,
  children,
  colour,
}: {
  icon: ReactNode;
  label: string;
  children: ReactNode;
  colour: string;
}) {
  return (
    <Card withBorder radius="md" padding="md">
      <Group justify="space-between" align="flex-start" wrap="nowrap">
        <Stack gap={4} style={{ minWidth: 0 }}>
          <Text size="sm" c="dimmed" fw={600}>
            {label}
          </Text>
          {children}
        </Stack>
        <ThemeIcon variant="light" color={colour} size={40} radius="md" aria-hidden>
          {icon}
        </ThemeIcon>
      </Group>
    </Card>
  );
}

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

/** The number a customer reaches their driver on: the assigned co-owner's, else the main line. */
function useDriverPhone(assignedTo: string | null | undefined): string {
  const { owners } = useProfile();
  const { main } = useOperators();
  const driver = owners.find((owner) => assignedTo && owner.name === assignedTo);
  return (driver ?? main).phone;
}

function smsHref(phone: string, body: string): string {
  return `sms:${telHref(phone).slice('tel:'.length)}?body=${encodeURIComponent(body)}`;
}

function ActiveJobCard({ job }: { job: Job }) {
  const phone = useDriverPhone(job.assignedTo);
  return (
    <Card withBorder radius="md" padding="lg" data-testid="active-job">
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start" wrap="wrap" gap="xs">
          <Stack gap={2}>
            <Title order={3} size="h4">
              {job.service}
            </Title>
            <Text size="sm" c="dimmed">
              Job ID:{' '}
              <Text span ff="monospace" c="dark" fw={600}>
                {job.id}
              </Text>
            </Text>
          </Stack>
          <JobStatusBadge status={job.status} />
        </Group>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="xs">
          <Text size="sm">
            <Text span fw={600}>
              Location:{' '}
            </Text>
            {job.location}
          </Text>
          <Text size="sm">
            <Text span fw={600}>
              Estimated arrival:{' '}
            </Text>
            {/* The one rule (rules/arrival.ts); the dashboard has no truck position. */}
            {arrivalText(arrivalEstimate(job, null, new Date()))}
          </Text>
          {job.assignedTo ? (
            <Text size="sm">
              <Text span fw={600}>
                Assigned to:{' '}
              </Text>
              {job.assignedTo}
            </Text>
          ) : null}
        </SimpleGrid>
        {job.progress > 0 ? (
          <Stack gap={4}>
            <Group justify="space-between">
              <Text size="sm" fw={600}>
                Progress
              </Text>
              <Text size="sm">{job.progress}%</Text>
            </Group>
            <Progress value={job.progress} radius="xl" aria-label={`Progress ${job.progress}%`} />
          </Stack>
        ) : null}
        <Group gap="xs" wrap="wrap">
          <Button
            component={Link}
            // The tracking link carries the job's token (DESIGN §11), never the id alone.
            to={job.trackingToken ? trackingPath(job.trackingToken) : '/customer-portal'}
            leftSection={<IconTruck size={18} />}
            mih={44}
          >
            Track Live
          </Button>
          <Button
            component="a"
            href={telHref(phone)}
            variant="default"
            leftSection={<IconPhone size={18} />}
            mih={44}
          >
            Call Driver
          </Button>
          <Button
            component="a"
            href={smsHref(phone, `Hi, about my job ${job.id}: `)}
            variant="default"
            leftSection={<IconMessage size={18} />}
            mih={44}
          >
            Message
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}

/**
 * A finished job in History: its tax invoice by email, and Rate while the customer has not
 * reviewed it (a job has one review; a second would be refused, issue 27).
 */
function HistoryJobCard({ job, reviewed }: { job: Job; reviewed: boolean }) {
  const { email } = useProfile();
  const invoiceHref = `mailto:${email}?subject=${encodeURIComponent(`Tax invoice for job ${job.id}`)}&body=${encodeURIComponent(`Please send me the tax invoice for job ${job.id} (${job.service}).`)}`;
  return (
    <Card withBorder radius="md" padding="lg" data-testid="history-job">
      <Group justify="space-between" align="flex-start" wrap="wrap" gap="sm">
        <Stack gap={4}>
          <Group gap="xs">
            <Title order={3} size="h4">
              {job.service}
            </Title>
            <Badge
              variant="light"
              color="gray"
              c="gray.9"
              leftSection={<IconCheck size={12} aria-hidden />}
            >
              Completed
            </Badge>
          </Group>
          <Text size="sm" c="dimmed">
            {formatPerth(job.createdAt, DATE_FORMATS.date)} · {job.location}
          </Text>
          <Text size="sm" ff="monospace">
            {job.id}
          </Text>
        </Stack>
        <Group gap="xs">
          <Button
            component="a"
            href={invoiceHref}
            variant="default"
            size="sm"
            leftSection={<IconFileInvoice size={16} />}
            mih={44}
          >
            Invoice
          </Button>
          {reviewed ? (
            <Badge
              variant="light"
              color="green"
              size="lg"
              leftSection={<IconStar size={12} aria-hidden />}
              data-testid="history-reviewed"
            >
              Reviewed
            </Badge>
          ) : (
            <Button
              component={Link}
              to={`/feedback?job=${encodeURIComponent(job.id)}`}
              variant="light"
              size="sm"
              leftSection={<IconStar size={16} />}
              mih={44}
            >
              Rate
            </Button>
          )}
        </Group>
      </Group>
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
  const { hasHistory } = stats;

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

      <SimpleGrid cols={{ base: 2, md: 4 }} spacing={{ base: 'sm', sm: 'md' }}>
        <Tile icon={<IconTruck size={22} />} label="Active Jobs" colour="ochre">
          <Group gap="xs">
            <Text fz={28} fw={700} lh={1}>
              {stats.activeJobs}
            </Text>
            <Badge
              color={stats.activeJobs > 0 ? 'teal.9' : 'gray'}
              variant={stats.activeJobs > 0 ? 'filled' : 'light'}
              c={stats.activeJobs > 0 ? undefined : 'gray.9'}
            >
              {stats.activeJobs > 0 ? 'Active' : 'None'}
            </Badge>
          </Group>
        </Tile>
        <Tile icon={<IconCheck size={22} />} label="Completed Services" colour="ironstone">
          <Text fz={28} fw={700} lh={1}>
            {stats.completedJobs}
          </Text>
        </Tile>
        <Tile icon={<IconUserCircle size={22} />} label="Member Since" colour="spinifex">
          <Text fz="xl" fw={700} lh={1.2}>
            {hasHistory ? formatPerth(stats.memberSince, DATE_FORMATS.monthYear) : 'New'}
          </Text>
        </Tile>
        <Tile icon={<IconStar size={22} />} label="Share Feedback" colour="spinifex">
          <Anchor component={Link} to="/feedback" fw={600}>
            Leave Review
          </Anchor>
        </Tile>
      </SimpleGrid>

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
          <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
            <Card withBorder radius="md" padding="lg">
              <Title order={3} size="h4" mb="sm">
                Your Details
              </Title>
              <Stack gap="xs">
                <Text>
                  <Text span fw={600}>
                    Name:{' '}
                  </Text>
                  {info.name}
                </Text>
                <Text>
                  <Text span fw={600}>
                    Phone:{' '}
                  </Text>
                  {info.phone}
                </Text>
                {info.email ? (
                  <Text style={{ overflowWrap: 'anywhere' }}>
                    <Text span fw={600}>
                      Email:{' '}
                    </Text>
                    {info.email}
                  </Text>
                ) : null}
                <Text>
                  <Text span fw={600}>
                    Member since:{' '}
                  </Text>
                  {hasHistory
                    ? formatPerth(stats.memberSince, DATE_FORMATS.monthYearLong)
                    : 'New Member'}
                </Text>
              </Stack>
            </Card>
            <Card withBorder radius="md" padding="lg">
              <Title order={3} size="h4" mb="sm">
                Quick Actions
              </Title>
              <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="xs">
                <Button component={Link} to="/service-history" variant="default" mih={44}>
                  Service History
                </Button>
                <Button component={Link} to="/feedback" variant="default" mih={44}>
                  Leave Feedback
                </Button>
                <Button component={Link} to="/booking" variant="default" mih={44}>
                  Book a Service
                </Button>
                <Button component={Link} to="/contact" variant="default" mih={44}>
                  Contact Us
                </Button>
              </SimpleGrid>
              <Button color="red" variant="light" fullWidth mt="md" mih={44} onClick={onSignOut}>
                Sign Out of Dashboard
              </Button>
            </Card>
          </SimpleGrid>
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}
