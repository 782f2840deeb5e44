/**
 * The account's own portal (`/account`), for the sign-in of a mine site's, a fleet's or a club's
 * contact: book work under the account at one of its sites with a PO, follow the account's jobs
 * as they happen, and read its quotes, invoices and monthly statements. It shows only what the
 * server answers for the signed-in account; the last answer stays on the phone for no signal.
 */
import { useState } from 'react';
import {
  Alert,
  Anchor,
  Badge,
  Card,
  Container,
  Group,
  Progress,
  Stack,
  Tabs,
  Text,
  Timeline,
  Title,
} from '@mantine/core';
import {
  IconCalendarPlus,
  IconFileInvoice,
  IconReceipt,
  IconReportMoney,
  IconTruck,
} from '@tabler/icons-react';
import {
  balanceDue,
  documentRef,
  formatCents,
  formatDate,
  formatDateTime,
  formatWhen,
  invoiceState,
  INVOICE_STATE_LABELS,
  isActiveStatus,
  termsText,
  type PortalResponse,
} from '@pilbara/shared-schema';
import { usePageTitle } from '../../lib/use-page-title';
import { AccountBookingForm } from './account-booking-form';
import { usePortal } from './use-portal';

type Tab = 'jobs' | 'book' | 'quotes' | 'invoices' | 'statements';

function when(iso: string): string {
  return formatDateTime(iso);
}

function Jobs({ data }: { data: PortalResponse }) {
  const active = data.jobs.filter((job) => isActiveStatus(job.status));
  const done = data.jobs.filter((job) => !isActiveStatus(job.status));
  const siteName = (id: string | null | undefined) =>
    data.account.sites.find((site) => site.id === id)?.name;
  return (
    <Stack gap="sm">
      {data.bookings.map((booking) => (
        <Card key={booking.id} withBorder radius="md" padding="sm" data-testid="portal-booking">
          <Group justify="space-between">
            <Text fw={600}>{booking.service}</Text>
            <Badge color="yellow">Waiting for approval</Badge>
          </Group>
          <Text size="sm">
            {siteName(booking.siteId) ?? booking.location}
            {booking.poNumber ? ` · PO ${booking.poNumber}` : ''}
          </Text>
        </Card>
      ))}
      {active.length === 0 && data.bookings.length === 0 && (
        <Text c="dimmed">No work in progress.</Text>
      )}
      {[...active, ...done].map((job) => {
        const updates = data.updates.filter((update) => update.jobId === job.id);
        return (
          <Card
            key={job.id}
            withBorder
            radius="md"
            padding="sm"
            data-testid="portal-job"
            data-status={job.status}
          >
            <Stack gap={6}>
              <Group justify="space-between" wrap="wrap">
                <Text fw={700}>
                  {documentRef(job)} · {job.service}
                </Text>
                <Badge color={isActiveStatus(job.status) ? 'blue' : 'green'}>{job.status}</Badge>
              </Group>
              <Text size="sm">
                {siteName(job.siteId) ?? job.location}
                {job.poNumber ? ` · PO ${job.poNumber}` : ' · PO to come'}
              </Text>
              {job.assignedTo && <Text size="sm">Driver: {job.assignedTo}</Text>}
              {job.estimatedArrival && isActiveStatus(job.status) && (
                <Text size="sm">Expected: {job.estimatedArrival}</Text>
              )}
              <Progress value={job.progress} size="sm" aria-label={`Progress ${job.progress}%`} />
              {isActiveStatus(job.status) && updates.length > 0 && (
                <Timeline bulletSize={12} lineWidth={2}>
                  {updates.map((update) => (
                    <Timeline.Item key={update.id} title={update.message}>
                      <Text size="xs" c="dimmed">
                        {when(update.createdAt)}
                      </Text>
                    </Timeline.Item>
                  ))}
                </Timeline>
              )}
              {job.trackingToken && isActiveStatus(job.status) && (
                <Anchor size="sm" href={`/customer-portal?token=${job.trackingToken}`}>
                  Live tracking page
                </Anchor>
              )}
            </Stack>
          </Card>
        );
      })}
    </Stack>
  );
}

function Quotes({ data }: { data: PortalResponse }) {
  if (data.quotes.length === 0) return <Text c="dimmed">No quotes.</Text>;
  return (
    <Stack gap="xs">
      {data.quotes.map((quote) => (
        <Group key={quote.id} justify="space-between" wrap="wrap">
          <Text size="sm">
            {documentRef(quote)} · {quote.service ?? 'Quote'} · {formatCents(quote.finalPrice)} ·{' '}
            {quote.status}
          </Text>
          <Anchor size="sm" href={`/api/account/quotes/${quote.id}/pdf`} download>
            PDF
          </Anchor>
        </Group>
      ))}
    </Stack>
  );
}

function Invoices({ data }: { data: PortalResponse }) {
  if (data.invoices.length === 0) return <Text c="dimmed">No invoices.</Text>;
  return (
    <Stack gap="xs">
      {[...data.invoices].reverse().map((invoice) => (
        <Card key={invoice.id} withBorder radius="md" padding="sm" data-testid="portal-invoice">
          <Group justify="space-between" wrap="wrap">
            <Text fw={600}>{documentRef(invoice)}</Text>
            <Badge variant="light">{INVOICE_STATE_LABELS[invoiceState(invoice)]}</Badge>
          </Group>
          <Text size="sm">
            {formatCents(invoice.amount)} · owing {formatCents(Math.max(0, balanceDue(invoice)))}
            {invoice.dueDate ? ` · due ${formatDate(invoice.dueDate)}` : ''}
          </Text>
          <Text size="sm" c="dimmed">
            {[invoice.poNumber ? `PO ${invoice.poNumber}` : '', invoice.siteName ?? '']
              .filter(Boolean)
              .join(' · ')}
          </Text>
          <Anchor
            size="sm"
            className="tap-link"
            href={`/api/account/invoices/${invoice.id}/pdf`}
            download
          >
            Invoice PDF
          </Anchor>
        </Card>
      ))}
    </Stack>
  );
}

function Statements({ data }: { data: PortalResponse }) {
  if (data.statements.length === 0) return <Text c="dimmed">No statements yet.</Text>;
  return (
    <Stack gap="xs">
      {data.statements.map((statement) => (
        <Group key={statement.month} justify="space-between">
          <Text size="sm">
            {formatWhen(`${statement.month}-15`, 'monthLong')} · balance{' '}
            {formatCents(statement.closingCents)}
          </Text>
          <Anchor
            size="sm"
            href={`/api/accounts/${data.account.id}/statement.pdf?month=${statement.month}`}
            download
          >
            Statement PDF
          </Anchor>
        </Group>
      ))}
    </Stack>
  );
}

export function AccountPortalPage({
  user,
}: {
  user: {
    accountId: number | null;
    firstName?: string | null;
    lastName?: string | null;
    email?: string | null;
    phone?: string | null;
  };
}) {
  usePageTitle('Account');
  const { data, stale, refresh } = usePortal(user.accountId);
  const [tab, setTab] = useState<Tab>('jobs');
  if (!data)
    return (
      <Container size="md" py="lg">
        <Text c="dimmed">
          {stale ? 'The account needs a connection to open the first time.' : 'Loading…'}
        </Text>
      </Container>
    );
  const owing = data.invoices.reduce((sum, invoice) => sum + Math.max(0, balanceDue(invoice)), 0);
  return (
    <Container size="md" py="lg" px={{ base: 'xs', sm: 'md' }}>
      <Stack gap="md">
        <div>
          <Title order={1}>{data.account.name}</Title>
          <Text size="sm" c="dimmed">
            {data.account.legalName} · terms {termsText(data.account.terms)} · owing{' '}
            {formatCents(owing)}
          </Text>
        </div>
        {stale && (
          <Alert color="yellow" variant="light" p="xs">
            No connection: showing what this phone last saw ({when(data.asOf)}).
          </Alert>
        )}
        <Tabs value={tab} onChange={(value) => setTab((value as Tab | null) ?? 'jobs')}>
          <Tabs.List grow>
            <Tabs.Tab value="jobs" leftSection={<IconTruck size={16} />}>
              Jobs
            </Tabs.Tab>
            <Tabs.Tab value="book" leftSection={<IconCalendarPlus size={16} />}>
              Book
            </Tabs.Tab>
            <Tabs.Tab value="quotes" leftSection={<IconFileInvoice size={16} />}>
              Quotes
            </Tabs.Tab>
            <Tabs.Tab value="invoices" leftSection={<IconReceipt size={16} />}>
              Invoices
            </Tabs.Tab>
            <Tabs.Tab value="statements" leftSection={<IconReportMoney size={16} />}>
              Statements
            </Tabs.Tab>
          </Tabs.List>
          <Tabs.Panel value="jobs" pt="md">
            <Jobs data={data} />
          </Tabs.Panel>
          <Tabs.Panel value="book" pt="md">
            <AccountBookingForm
              account={data.account}
              signer={user}
              onBooked={() => {
                refresh();
                setTab('jobs');
                // The form ends far down a phone's screen: the booking shows at the top of Jobs.
                window.scrollTo({ top: 0 });
              }}
            />
          </Tabs.Panel>
          <Tabs.Panel value="quotes" pt="md">
            <Quotes data={data} />
          </Tabs.Panel>
          <Tabs.Panel value="invoices" pt="md">
            <Invoices data={data} />
          </Tabs.Panel>
          <Tabs.Panel value="statements" pt="md">
            <Statements data={data} />
          </Tabs.Panel>
        </Tabs>
      </Stack>
    </Container>
  );
}
