/**
 * Reports & books of the Quotes & Billing tab: monthly revenue, unpaid invoices by age and
 * revenue by service as charts (@mantine/charts), and the books of a date range — the GST summary
 * for the BAS, worked out on this device from the same rule the server exports with, and the
 * sales and payments CSVs for Xero or MYOB.
 *
 * Issue 28: jobs per week, the response-time trend (booked or taken on → arrived) and who owes
 * what by age (aged receivables by customer), all from the rows on this device, so they work
 * offline; MYOB AccountRight's own sales layout beside Xero's; payments with their account.
 */
import '@mantine/charts/styles.css';
import '@mantine/dates/styles.css';
import { useState, type ComponentProps } from 'react';
import { BarChart, LineChart } from '@mantine/charts';
import { Alert, Button, Card, Group, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';
import { IconCalendar, IconDownload } from '@tabler/icons-react';
import {
  MESSAGES,
  RECEIVABLE_AGES,
  agedReceivables,
  booksCsvFilename,
  formatMinutes,
  jobResponses,
  jobsPerWeek,
  overallMedian,
  responseTimeTrend,
  booksRangeQuerySchema,
  formatCents,
  formatCentsWhole,
  gstSummary,
  monthlyRevenue,
  revenueByService,
  todayInPerth,
  unpaidByAge,
  type BooksCsvKind,
  type DateRange,
} from '@pilbara/shared-schema';
import { OfflineError, browserOffline, fetchBooksCsv, reasonOf, saveBlob } from './quotes-api';
import { ChartCard } from '../../components/chart-card';
import { toast } from './feedback';
import { QUOTES_TEXT } from './quotes-text';
import {
  useBillingRows,
  useOperationsRows,
  type BillingRows,
  type OperationsRows,
} from './use-billing';

/** Chart values are cents; axes and tooltips show dollars. */
const dollars = (cents: number) => formatCentsWhole(cents);

/** A chart of the reports tab: under its h2, and empty until an invoice is issued. */
function ReportChart({
  emptyText = QUOTES_TEXT.NO_INVOICES,
  ...props
}: Omit<ComponentProps<typeof ChartCard>, 'titleOrder' | 'emptyText'> & { emptyText?: string }) {
  return <ChartCard titleOrder={3} emptyText={emptyText} {...props} />;
}

/** The first and last Perth date of the month `today` is in. */
function thisMonth(today: string): DateRange {
  const [year, month] = today.split('-').map(Number) as [number, number];
  const last = new Date(Date.UTC(year, month, 0)).getUTCDate();
  const prefix = today.slice(0, 7);
  return { from: `${prefix}-01`, to: `${prefix}-${String(last).padStart(2, '0')}` };
}

/** Weeks the operations charts cover: a quarter, readable at 390 px. */
const WEEKS = 12;

export function BillingReports() {
  const rows = useBillingRows();
  const operations = useOperationsRows();
  if (!rows) return null;
  const now = new Date().toISOString();
  return (
    <Stack gap="lg" data-testid="billing-reports">
      {operations ? <Operations rows={operations} now={now} /> : null}
      <Receivables rows={rows} now={now} />
      <Charts rows={rows} now={now} />
      <Books rows={rows} />
    </Stack>
  );
}

/** Jobs per week and the response-time trend. */
function Operations({ rows, now }: { rows: OperationsRows; now: string }) {
  const weeks = jobsPerWeek(rows.jobs, now, WEEKS);
  const responses = jobResponses(rows.jobs, rows.updates, rows.bookings);
  const trend = responseTimeTrend(responses, now, WEEKS);
  const answered = trend.filter((week) => week.count > 0);
  const overall = overallMedian(responses, trend[0]?.week ?? '');
  const counted = answered.reduce((sum, week) => sum + week.count, 0);
  return (
    <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
      <ReportChart
        testId="jobs-per-week-chart"
        title="Jobs per week"
        empty={rows.jobs.length === 0}
        emptyText="No jobs yet."
      >
        <BarChart
          h={240}
          data={weeks.map((week) => ({
            label: week.label,
            Jobs: week.jobs,
            Completed: week.completed,
          }))}
          dataKey="label"
          series={[
            { name: 'Jobs', color: 'blue.6' },
            { name: 'Completed', color: 'teal.6' },
          ]}
          withLegend
          legendProps={{ verticalAlign: 'bottom' }}
          yAxisProps={{ width: 32, allowDecimals: false }}
          xAxisProps={{ interval: 'preserveStartEnd', minTickGap: 8 }}
        />
        <Text size="xs" c="dimmed">
          Weeks start on Monday; a job counts in the week it was taken on.
        </Text>
      </ReportChart>
      <ReportChart
        testId="response-time-chart"
        title="Response time (booked → arrived)"
        empty={answered.length === 0}
        emptyText="No job has been marked arrived yet."
      >
        <LineChart
          h={240}
          data={trend.map((week) => ({
            label: week.label,
            Median: week.medianMinutes,
            Longest: week.longestMinutes,
          }))}
          dataKey="label"
          series={[
            { name: 'Median', color: 'orange.6' },
            { name: 'Longest', color: 'gray.5' },
          ]}
          connectNulls
          withLegend
          legendProps={{ verticalAlign: 'bottom' }}
          valueFormatter={(value) => `${Math.round(value)} min`}
          yAxisProps={{ width: 64, allowDecimals: false }}
          xAxisProps={{ interval: 'preserveStartEnd', minTickGap: 8 }}
        />
        {overall !== null ? (
          <Text size="sm" data-testid="response-median">
            Median over these {WEEKS} weeks: <b>{formatMinutes(overall)}</b> ({counted} jobs)
          </Text>
        ) : null}
        <Text size="xs" c="dimmed">
          From the booking (emergency and same-day) or the call-out being taken on, to Start
          Service. Scheduled bookings are left out.
        </Text>
      </ReportChart>
    </SimpleGrid>
  );
}

/** Who owes what, by how long: aged receivables by customer, with the total owed. */
function Receivables({ rows, now }: { rows: BillingRows; now: string }) {
  const aged = agedReceivables(rows.invoices, now);
  return (
    <Card withBorder radius="md" padding="md" data-testid="aged-receivables">
      <Stack gap="xs">
        <Group justify="space-between" wrap="wrap">
          <Title order={3} size="h5">
            Who owes what
          </Title>
          <Text fw={800} data-testid="receivables-total">
            {formatCents(aged.totals.totalCents)} owed
          </Text>
        </Group>
        <SimpleGrid cols={4} spacing="xs" data-testid="receivables-buckets">
          {RECEIVABLE_AGES.map((bucket) => (
            <Stack key={bucket.key} gap={0} align="center">
              <Text size="xs" c="dimmed">
                {bucket.label}
              </Text>
              <Text
                size="sm"
                fw={700}
                c={bucket.minDays >= 60 && aged.totals[bucket.key] > 0 ? 'red.8' : undefined}
              >
                {formatCentsWhole(aged.totals[bucket.key])}
              </Text>
            </Stack>
          ))}
        </SimpleGrid>
        {aged.customers.length === 0 ? (
          <Text size="sm" c="dimmed">
            Nothing is owed.
          </Text>
        ) : (
          <Table verticalSpacing={6} data-testid="receivables-customers">
            <Table.Tbody>
              {aged.customers.map((customer) => (
                <Table.Tr key={`${customer.customer}-${customer.phone ?? ''}`}>
                  <Table.Td>
                    <Text size="sm" fw={600}>
                      {customer.customer}
                    </Text>
                    <Text size="xs" c="dimmed">
                      {RECEIVABLE_AGES.filter((bucket) => customer[bucket.key] > 0)
                        .map((bucket) => `${bucket.label} ${formatCents(customer[bucket.key])}`)
                        .join(' · ')}
                    </Text>
                    <Text size="xs" c="dimmed" ff="monospace">
                      {customer.invoices.join(', ')}
                    </Text>
                  </Table.Td>
                  <Table.Td ta="right" fw={700} style={{ whiteSpace: 'nowrap' }}>
                    {formatCents(customer.totalCents)}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
      </Stack>
    </Card>
  );
}

function Charts({ rows, now }: { rows: BillingRows; now: string }) {
  const monthly = monthlyRevenue(rows.invoices, rows.creditNotes, rows.payments, now, 6);
  const ages = unpaidByAge(rows.invoices, now);
  const services = revenueByService(rows.invoices).slice(0, 6);
  const none = rows.invoices.length === 0;
  return (
    <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
      <ReportChart testId="monthly-revenue-chart" title="Monthly revenue" empty={none}>
        <BarChart
          h={240}
          data={monthly.map((month) => ({
            label: month.label,
            Invoiced: month.invoicedCents,
            Received: month.receivedCents,
          }))}
          dataKey="label"
          series={[
            { name: 'Invoiced', color: 'orange.6' },
            { name: 'Received', color: 'teal.6' },
          ]}
          withLegend
          legendProps={{ verticalAlign: 'bottom' }}
          valueFormatter={dollars}
          yAxisProps={{ width: 64 }}
        />
      </ReportChart>
      <ReportChart testId="unpaid-age-chart" title="Unpaid invoices by age" empty={none}>
        <BarChart
          h={240}
          data={ages.map((bucket) => ({
            label: bucket.label,
            Owed: bucket.owedCents,
            count: bucket.count,
          }))}
          dataKey="label"
          series={[{ name: 'Owed', color: 'red.6' }]}
          valueFormatter={dollars}
          yAxisProps={{ width: 64 }}
        />
        <Text size="xs" c="dimmed">
          {ages.map((bucket) => `${bucket.label}: ${bucket.count}`).join(' · ')}
        </Text>
      </ReportChart>
      <ReportChart testId="service-revenue-chart" title="Revenue by service" empty={none}>
        <BarChart
          h={Math.max(160, services.length * 44)}
          data={services.map((row) => ({ service: row.service, Revenue: row.revenueCents }))}
          dataKey="service"
          orientation="vertical"
          series={[{ name: 'Revenue', color: 'blue.6' }]}
          valueFormatter={dollars}
          yAxisProps={{ width: 140 }}
        />
      </ReportChart>
    </SimpleGrid>
  );
}

function Books({ rows }: { rows: BillingRows }) {
  const [range, setRange] = useState<DateRange>(() => thisMonth(todayInPerth()));
  const [busy, setBusy] = useState<BooksCsvKind | null>(null);
  const checked = booksRangeQuerySchema.safeParse(range);
  const issue = checked.success ? undefined : checked.error.issues[0];
  const errorFor = (field: 'from' | 'to') => (issue?.path[0] === field ? issue.message : undefined);
  const summary = checked.success
    ? gstSummary(rows.invoices, rows.creditNotes, rows.payments, checked.data)
    : null;

  const download = async (kind: BooksCsvKind) => {
    if (!checked.success) return;
    if (browserOffline()) {
      toast('info', QUOTES_TEXT.NEEDS_CONNECTION_TITLE, QUOTES_TEXT.booksNeedConnection);
      return;
    }
    setBusy(kind);
    try {
      saveBlob(
        await fetchBooksCsv(kind, checked.data),
        booksCsvFilename(kind, checked.data.from, checked.data.to),
      );
    } catch (error) {
      toast(
        'error',
        MESSAGES.BOOKS_EXPORT_FAILED,
        error instanceof OfflineError ? QUOTES_TEXT.booksNeedConnection : reasonOf(error),
      );
    } finally {
      setBusy(null);
    }
  };

  const row = (label: string, value: string, testId?: string) => (
    <Table.Tr>
      <Table.Td>{label}</Table.Td>
      <Table.Td ta="right" fw={600} data-testid={testId}>
        {value}
      </Table.Td>
    </Table.Tr>
  );

  return (
    <Card withBorder radius="md" padding="md" component="section" aria-labelledby="books-title">
      <Stack gap="sm">
        <Title order={3} size="h5" id="books-title">
          Books and GST
        </Title>
        <Group gap="sm" align="flex-end" wrap="wrap">
          <DatePickerInput
            label="From"
            leftSection={<IconCalendar size={18} />}
            valueFormat="D MMM YYYY"
            value={range.from}
            onChange={(value) => setRange({ ...range, from: value ?? '' })}
            firstDayOfWeek={1}
            w={170}
            error={errorFor('from')}
          />
          <DatePickerInput
            label="To"
            leftSection={<IconCalendar size={18} />}
            valueFormat="D MMM YYYY"
            value={range.to}
            onChange={(value) => setRange({ ...range, to: value ?? '' })}
            firstDayOfWeek={1}
            w={170}
            error={errorFor('to')}
          />
        </Group>
        {summary ? (
          <Table withRowBorders={false} verticalSpacing={4} data-testid="gst-summary">
            <Table.Tbody>
              {row(
                `Tax invoices issued (${summary.invoiceCount})`,
                formatCents(summary.invoicedCents),
              )}
              {row(
                `Credit notes issued (${summary.creditNoteCount})`,
                summary.creditedCents > 0
                  ? `-${formatCents(summary.creditedCents)}`
                  : formatCents(0),
              )}
              {row(
                'G1 Total sales (GST inclusive)',
                formatCents(summary.totalSalesCents),
                'gst-g1',
              )}
              {row('1A GST on sales', formatCents(summary.gstOnSalesCents), 'gst-1a')}
              {row(
                `Payments received (${summary.paymentCount})`,
                formatCents(summary.receivedCents),
              )}
              {summary.refundCount > 0
                ? row(
                    `Refunds paid out (${summary.refundCount})`,
                    `-${formatCents(summary.refundedCents)}`,
                    'gst-refunds',
                  )
                : null}
            </Table.Tbody>
          </Table>
        ) : (
          <Alert color="red" variant="light" p="xs">
            {issue?.message}
          </Alert>
        )}
        <Text size="xs" c="dimmed">
          Accruals basis: sales are the tax invoices issued in the range less its credit notes. The
          sales CSVs import into Xero (Sales › Import) or MYOB AccountRight (File › Import Data ›
          Sales › Service Sales), amounts tax inclusive. The payments CSV lists money in and refunds
          out, each line with the account it went through (cash, card, bank).
        </Text>
        <Group gap="sm">
          <Button
            leftSection={<IconDownload size={16} />}
            disabled={!summary}
            loading={busy === 'sales'}
            onClick={() => void download('sales')}
          >
            Sales CSV (Xero)
          </Button>
          <Button
            variant="light"
            leftSection={<IconDownload size={16} />}
            disabled={!summary}
            loading={busy === 'myob-sales'}
            onClick={() => void download('myob-sales')}
          >
            Sales CSV (MYOB)
          </Button>
          <Button
            variant="light"
            leftSection={<IconDownload size={16} />}
            disabled={!summary}
            loading={busy === 'payments'}
            onClick={() => void download('payments')}
          >
            Payments CSV
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}
