/**
 * Reports & books of the Quotes & Billing tab: monthly revenue, unpaid invoices by age and
 * revenue by service as charts (@mantine/charts), and the books of a date range — the GST summary
 * for the BAS, worked out on this device from the same rule the server exports with, and the
 * sales and payments CSVs for Xero or MYOB.
 *
 * Jobs per week, the response-time trend (booked or taken on → arrived) and who owes
 * what by age (aged receivables by customer), all from the rows on this device, so they work
 * offline; MYOB AccountRight's own sales layout beside Xero's; payments with their account.
 */
import '@mantine/charts/styles.css';
import '@mantine/dates/styles.css';
import type { ComponentProps } from 'react';
import { BarChart, LineChart } from '@mantine/charts';
import { Card, Group, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import {
  RECEIVABLE_AGES,
  agedReceivables,
  formatMinutes,
  jobResponses,
  jobsPerWeek,
  overallMedian,
  responseTimeTrend,
  formatCents,
  formatCentsWhole,
  monthlyRevenue,
  revenueByService,
  unpaidByAge,
} from '@pilbara/shared-schema';
import { BillingBooks } from './billing-books';
import { ChartCard } from '../../components/chart-card';
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

/** Weeks the operations charts cover: a quarter, readable at 390 px. */
const WEEKS = 12;

/** What every chart of the tab with a legend shares: its height, labels and legend below. */
const LEGEND_CHART = {
  h: 240,
  dataKey: 'label',
  withLegend: true,
  legendProps: { verticalAlign: 'bottom' },
} as const;

/** The week charts thin their labels so twelve weeks read on a phone. */
const WEEK_AXIS = { interval: 'preserveStartEnd', minTickGap: 8 } as const;

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
      <BillingBooks rows={rows} />
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
          {...LEGEND_CHART}
          data={weeks.map((week) => ({
            label: week.label,
            Jobs: week.jobs,
            Completed: week.completed,
          }))}
          series={[
            { name: 'Jobs', color: 'blue.6' },
            { name: 'Completed', color: 'teal.6' },
          ]}
          yAxisProps={{ width: 32, allowDecimals: false }}
          xAxisProps={WEEK_AXIS}
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
          {...LEGEND_CHART}
          data={trend.map((week) => ({
            label: week.label,
            Median: week.medianMinutes,
            Longest: week.longestMinutes,
          }))}
          series={[
            { name: 'Median', color: 'orange.6' },
            { name: 'Longest', color: 'gray.5' },
          ]}
          connectNulls
          valueFormatter={(value) => `${Math.round(value)} min`}
          yAxisProps={{ width: 64, allowDecimals: false }}
          xAxisProps={WEEK_AXIS}
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
          {...LEGEND_CHART}
          data={monthly.map((month) => ({
            label: month.label,
            Invoiced: month.invoicedCents,
            Received: month.receivedCents,
          }))}
          series={[
            { name: 'Invoiced', color: 'orange.6' },
            { name: 'Received', color: 'teal.6' },
          ]}
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
