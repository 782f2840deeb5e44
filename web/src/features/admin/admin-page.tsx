/**
 * The staff admin panel: five summary tiles, the live-status widget and
 * four tabs (Pending Bookings first). Everything reads Dexie and writes named mutations through
 * the sync client, so the panel works in the truck cab with no signal; the app shell runs the
 * sync engine for a signed-in admin (app/staff-sync.tsx), so this screen only reads and writes.
 *
 * Features never import each other (lint enforces it): the app layer hands in the quotes manager
 * (`quotesTab`), the live-status widget (`liveStatus`) and the sync status chip and
 * needs-attention list.
 */
import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { Badge, Button, Collapse, Container, Group, Stack, Tabs, Text, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { Link, useSearchParams } from 'react-router-dom';
import {
  IconBuildingFactory2,
  IconCalendarEvent,
  IconTag,
  IconChevronDown,
  IconFileInvoice,
  IconShieldCheck,
  IconMail,
  IconPhoneCall,
  IconMapPin,
  IconTool,
  IconTruck,
  IconUsers,
} from '@tabler/icons-react';
import { adminDashboardStats } from '@pilbara/shared-schema';
import { usePageTitle } from '../../lib/use-page-title';
import { DueList } from '../../components/fleet/due-list';
import { AbnBanner } from './abn-banner';
import { ADMIN_TEXT, STAFF_TEXT } from './admin-text';
import { BackupStatusCard } from './backup-status';
import { ReviewsCard } from './reviews-card';
import { ContactMessages } from './contact-messages';
import { JobManagement } from './job-management';
import { PendingBookings } from './pending-bookings';
import { ServerWarnings } from './server-warnings';
import { StaffAccounts } from './staff-accounts';
import { useAssignableDrivers } from './staff-api';
import { SummaryTiles } from './summary-tiles';
import { useAvailableDrivers } from '../../lib/use-available-drivers';
import { holdAdminPreview, useAdminPreview } from '../../lib/admin-preview';
import { useFirstScreenOnDevice, usePendingKeys } from '../../sync';
import { AdminPreviewScreen } from './admin-first-screen';
import { useBookings, useEmails, useJobs } from './use-admin-data';
import classes from './admin.module.css';

export interface AdminPageProps {
  /** The Quotes & Billing tab's content (the quotes manager). */
  quotesTab?: ReactNode;
  /** Renders the live-status widget with the panel's driver count. */
  liveStatus?: (props: { availableDrivers: number }) => ReactNode;
  /** The sync status chip, shown beside the title. */
  syncStatus?: ReactNode;
  /** The list of changes the server refused, for staff to retry or discard. */
  syncIssues?: ReactNode;
  /** The Accounts tab's content (the accounts feature). */
  accountsTab?: ReactNode;
  /** The Prices tab's content (the owners' price list). */
  pricesTab?: ReactNode;
  /** The On call tab's content: the roster and the staff member's own alert channels. */
  onCallTab?: ReactNode;
}

type TabKey =
  'bookings' | 'jobs' | 'quotes' | 'accounts' | 'prices' | 'messages' | 'staff' | 'oncall';

/** The tabs after Bookings, which alone carries a count. */
const PLAIN_TABS: readonly { value: TabKey; icon: typeof IconTool; label: string }[] = [
  { value: 'jobs', icon: IconTool, label: ADMIN_TEXT.tabs.jobs },
  { value: 'quotes', icon: IconFileInvoice, label: ADMIN_TEXT.tabs.quotes },
  { value: 'accounts', icon: IconBuildingFactory2, label: 'Accounts' },
  { value: 'prices', icon: IconTag, label: 'Prices' },
  { value: 'messages', icon: IconMail, label: ADMIN_TEXT.tabs.messages },
  { value: 'staff', icon: IconUsers, label: STAFF_TEXT.tab },
  { value: 'oncall', icon: IconPhoneCall, label: ADMIN_TEXT.onCallTab },
];

/**
 * The panel, or right after a sign-in on a device that does not hold its first screen yet, the
 * first screen the sign-in answered (admin-first-screen.tsx): the panel's lists would count
 * nothing until the device's snapshot has brought the day's rows.
 */
export function AdminPage(props: AdminPageProps) {
  const preview = useAdminPreview();
  const onDevice = useFirstScreenOnDevice();
  useEffect(() => {
    // Done with: a later resync from 0 (a restored server) must not bring the old answer back.
    if (onDevice) holdAdminPreview(null);
  }, [onDevice]);
  if (preview && !onDevice) return <AdminPreviewScreen screen={preview} />;
  return <AdminPanel {...props} />;
}

function AdminPanel({
  quotesTab,
  liveStatus,
  syncStatus,
  syncIssues,
  accountsTab,
  pricesTab,
  onCallTab,
}: AdminPageProps) {
  usePageTitle(ADMIN_TEXT.title);
  // The driver picker offers the active drivers (GET /api/drivers, kept for offline use).
  const assignable = useAssignableDrivers();
  const drivers = useMemo(() => assignable.drivers ?? [], [assignable.drivers]);
  const [availableDrivers, setAvailableDrivers] = useAvailableDrivers();
  // A staff alert's link (`/admin?booking=BKG-…`) opens the bookings on that booking.
  const [search] = useSearchParams();
  const focusedBooking = search.get('booking');
  const [tab, setTab] = useState<TabKey>('bookings');
  const phone = useMediaQuery('(max-width: 47.99em)') ?? false;
  const [figuresOpen, setFiguresOpen] = useState(false);

  const jobs = useJobs();
  const bookings = useBookings();
  const emails = useEmails();
  const pendingKeys = usePendingKeys();
  const stats = adminDashboardStats(jobs, bookings, availableDrivers);

  return (
    <Container size="xl" py="lg" px={{ base: 'xs', sm: 'md' }}>
      <Stack gap="md">
        <Group justify="space-between" wrap="wrap" gap="sm">
          <Title order={1}>{ADMIN_TEXT.title}</Title>
          <Group gap="sm">
            <Button
              component={Link}
              to="/admin/fleet"
              variant="light"
              leftSection={<IconTruck size={18} aria-hidden />}
            >
              Fleet
            </Button>
            <Button
              component={Link}
              to="/admin/compliance"
              variant="light"
              leftSection={<IconShieldCheck size={18} aria-hidden />}
            >
              Yard & records
            </Button>
            <Button
              component={Link}
              to="/admin/dispatch"
              variant="light"
              leftSection={<IconMapPin size={18} aria-hidden />}
            >
              Dispatch
            </Button>
            {syncStatus}
          </Group>
        </Group>
        <AbnBanner />
        <ServerWarnings />
        {syncIssues}
        {/* On a phone the figures fold away behind one button, so the work comes first: the
            tabs and the first booking or job are on the first screen, not below the tiles, the
            due list and the live status. */}
        {phone && (
          <Button
            variant="light"
            color="ironstone"
            fullWidth
            justify="space-between"
            rightSection={
              <IconChevronDown
                size={18}
                aria-hidden
                style={{ transform: figuresOpen ? 'rotate(180deg)' : undefined }}
              />
            }
            aria-expanded={figuresOpen}
            onClick={() => setFiguresOpen((open) => !open)}
            data-testid="figures-toggle"
          >
            {ADMIN_TEXT.figures(stats.activeJobs, stats.pendingBookings)}
          </Button>
        )}
        <Collapse expanded={!phone || figuresOpen}>
          <Stack gap="md">
            <SummaryTiles stats={stats} onDriversChange={setAvailableDrivers} />
            <DueList />
            <ReviewsCard />
            <BackupStatusCard />
            {liveStatus?.({ availableDrivers })}
          </Stack>
        </Collapse>
        <Tabs
          value={tab}
          onChange={(value) => setTab((value as TabKey | null) ?? 'bookings')}
          keepMounted={false}
        >
          <Tabs.List className={classes.tabsList}>
            <Tabs.Tab
              value="bookings"
              className={classes.tab}
              leftSection={<IconCalendarEvent size={16} aria-hidden />}
              rightSection={
                stats.pendingBookings > 0 ? (
                  <Badge size="sm" circle color="red">
                    {stats.pendingBookings}
                  </Badge>
                ) : undefined
              }
            >
              {ADMIN_TEXT.tabs.bookings}
            </Tabs.Tab>
            {PLAIN_TABS.map(({ value, icon: Icon, label }) => (
              <Tabs.Tab
                key={value}
                value={value}
                className={classes.tab}
                leftSection={<Icon size={16} aria-hidden />}
              >
                {label}
              </Tabs.Tab>
            ))}
          </Tabs.List>
          <Tabs.Panel value="bookings" pt="md">
            <PendingBookings
              bookings={bookings}
              pendingKeys={pendingKeys}
              focusedId={focusedBooking}
            />
          </Tabs.Panel>
          <Tabs.Panel value="jobs" pt="md">
            {/* Cancelled jobs leave the list, as no tab shows them; kept for reports. */}
            <JobManagement
              jobs={jobs.filter((job) => job.status !== 'Cancelled')}
              pendingKeys={pendingKeys}
              drivers={drivers}
            />
          </Tabs.Panel>
          <Tabs.Panel value="quotes" pt="md">
            {quotesTab ?? <Text c="dimmed">{ADMIN_TEXT.quotesUnavailable}</Text>}
          </Tabs.Panel>
          <Tabs.Panel value="accounts" pt="md">
            {accountsTab}
          </Tabs.Panel>
          <Tabs.Panel value="prices" pt="md">
            {pricesTab}
          </Tabs.Panel>
          <Tabs.Panel value="messages" pt="md">
            <ContactMessages emails={emails} />
          </Tabs.Panel>
          <Tabs.Panel value="staff" pt="md">
            <StaffAccounts onDriversChanged={assignable.refresh} />
          </Tabs.Panel>
          <Tabs.Panel value="oncall" pt="md">
            {onCallTab}
          </Tabs.Panel>
        </Tabs>
      </Stack>
    </Container>
  );
}
