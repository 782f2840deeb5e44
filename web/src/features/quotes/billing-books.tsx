/**
 * The books of a date range on the reports tab: the GST summary for the BAS, worked out on this
 * device from the same rule the server exports with, and the sales (Xero, MYOB) and payments
 * CSVs, which need the server.
 */
import { useState } from 'react';
import { Alert, Button, Card, Group, Stack, Table, Text, Title } from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';
import { IconCalendar, IconDownload } from '@tabler/icons-react';
import {
  MESSAGES,
  booksCsvFilename,
  booksRangeQuerySchema,
  formatCents,
  gstSummary,
  todayInPerth,
  type BooksCsvKind,
  type DateRange,
} from '@pilbara/shared-schema';
import { OfflineError, browserOffline, fetchBooksCsv, reasonOf, saveBlob } from './quotes-api';
import { toast } from './feedback';
import { QUOTES_TEXT } from './quotes-text';
import type { BillingRows } from './use-billing';

/** The first and last Perth date of the month `today` is in. */
function thisMonth(today: string): DateRange {
  const [year, month] = today.split('-').map(Number) as [number, number];
  const last = new Date(Date.UTC(year, month, 0)).getUTCDate();
  const prefix = today.slice(0, 7);
  return { from: `${prefix}-01`, to: `${prefix}-${String(last).padStart(2, '0')}` };
}

/** The CSV downloads, the first (Xero's sales) filled as the one most used. */
const CSV_BUTTONS: readonly { kind: BooksCsvKind; label: string; variant: 'filled' | 'light' }[] = [
  { kind: 'sales', label: 'Sales CSV (Xero)', variant: 'filled' },
  { kind: 'myob-sales', label: 'Sales CSV (MYOB)', variant: 'light' },
  { kind: 'payments', label: 'Payments CSV', variant: 'light' },
];

export function BillingBooks({ rows }: { rows: BillingRows }) {
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
          {CSV_BUTTONS.map(({ kind, label, variant }) => (
            <Button
              key={kind}
              variant={variant}
              leftSection={<IconDownload size={16} />}
              disabled={!summary}
              loading={busy === kind}
              onClick={() => void download(kind)}
            >
              {label}
            </Button>
          ))}
        </Group>
      </Stack>
    </Card>
  );
}
