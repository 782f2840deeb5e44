/**
 * One tax invoice in the Invoices list: number, customer, issue date, state, total, paid and
 * balance due, and what staff can do with it (record a payment, view, PDF, email, credit note).
 */
import type { ReactNode } from 'react';
import { Badge, Card, Group, Stack, Text } from '@mantine/core';
import { IconCash, IconDownload, IconEye, IconMail, IconReceiptRefund } from '@tabler/icons-react';
import {
  DATE_FORMATS,
  INVOICE_STATE_LABELS,
  balanceDue,
  formatCents,
  formatPerth,
  invoiceState,
  type Invoice,
} from '@pilbara/shared-schema';
import { CardAction } from './feedback';
import { INVOICE_STATE_COLORS } from './invoice-display';

/** What an invoice card's buttons ask for. */
export type InvoiceCardAction = 'pay' | 'view' | 'pdf' | 'email' | 'credit';

export interface InvoiceCardProps {
  invoice: Invoice;
  /** Written on this device and not yet confirmed by the server. */
  unsynced: boolean;
  busy: InvoiceCardAction | null;
  onAction: (action: InvoiceCardAction, invoice: Invoice) => void;
}

export function InvoiceCard({ invoice, unsynced, busy, onAction }: InvoiceCardProps) {
  const state = invoiceState(invoice);
  const due = balanceDue(invoice);
  const button = (action: InvoiceCardAction, label: string, icon: ReactNode, color?: string) => (
    <CardAction
      action={action}
      busy={busy}
      label={label}
      icon={icon}
      color={color}
      variant={action === 'pay' ? 'filled' : 'light'}
      onClick={() => onAction(action, invoice)}
    />
  );
  return (
    <Card
      withBorder
      radius="md"
      padding="md"
      component="article"
      aria-label={`Tax invoice ${invoice.id} for ${invoice.customerName}`}
      data-testid="invoice-card"
      data-invoice-id={invoice.id}
      data-state={state}
    >
      <Stack gap="xs">
        <Group justify="space-between" align="flex-start" wrap="nowrap" gap="sm">
          <Stack gap={2} style={{ minWidth: 0 }}>
            <Group gap="xs">
              <Text fw={700} size="lg" style={{ overflowWrap: 'anywhere' }}>
                {invoice.customerName}
              </Text>
              <Badge
                color={INVOICE_STATE_COLORS[state]}
                variant="filled"
                data-testid="invoice-state"
              >
                {INVOICE_STATE_LABELS[state]}
              </Badge>
              {unsynced ? (
                <Badge color="yellow" variant="light" data-testid="invoice-unsynced">
                  Not synced yet
                </Badge>
              ) : null}
            </Group>
            <Text size="sm" c="dimmed" ff="monospace">
              {invoice.id}
              {invoice.jobId ? ` · ${invoice.jobId}` : ''}
            </Text>
          </Stack>
          <Text fw={800} size="xl" style={{ whiteSpace: 'nowrap' }}>
            {formatCents(invoice.amount)}
          </Text>
        </Group>
        <Text size="sm">
          <Text span c="dimmed">
            Issued{' '}
          </Text>
          {formatPerth(invoice.createdAt, DATE_FORMATS.date)}
          {invoice.service ? (
            <>
              <Text span c="dimmed">
                {' '}
                · Service:{' '}
              </Text>
              {invoice.service}
            </>
          ) : null}
        </Text>
        <Text size="sm" data-testid="invoice-settlement">
          Paid {formatCents(invoice.amountPaid)}
          {invoice.amountCredited > 0 ? ` · credited ${formatCents(invoice.amountCredited)}` : ''}
          {' · '}
          <Text span fw={700} c={due > 0 ? 'orange.8' : 'teal.8'}>
            {due > 0 ? `${formatCents(due)} due` : 'nothing due'}
          </Text>
        </Text>
        <Group gap="xs" mt={4}>
          {due > 0 ? button('pay', 'Record payment', <IconCash size={16} />, 'teal') : null}
          {button('view', 'View', <IconEye size={16} />, 'gray')}
          {button('pdf', 'Download PDF', <IconDownload size={16} />, 'gray')}
          {invoice.customerEmail ? button('email', 'Email invoice', <IconMail size={16} />) : null}
          {invoice.amountCredited < invoice.amount
            ? button('credit', 'Credit note', <IconReceiptRefund size={16} />, 'grape')
            : null}
        </Group>
      </Stack>
    </Card>
  );
}
