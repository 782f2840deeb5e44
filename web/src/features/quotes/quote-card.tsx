/**
 * One entry of Recent Quotes (spec staff §2): customer, status badge, final price, quote number,
 * service, vehicle, route and distance, valid-until and days left, notes, and the actions the
 * quote-flow rule allows for its status.
 */
import type { ReactNode } from 'react';
import { Badge, Group, Stack, Text } from '@mantine/core';
import {
  IconCash,
  IconCheck,
  IconCopy,
  IconCreditCard,
  IconDownload,
  IconEye,
  IconMail,
  IconPencil,
  IconRefresh,
  IconTrash,
  IconX,
} from '@tabler/icons-react';
import {
  INVOICE_STATE_LABELS,
  allowedQuoteActions,
  balanceDue,
  documentRef,
  formatCents,
  invoiceState,
  isQuoteExpired,
  jobIdOfQuote,
  shownQuoteStatus,
  type Invoice,
  type Quote,
} from '@pilbara/shared-schema';
import { DocumentCard } from './document-card';
import { STATUS_COLORS, routeText, statusLabel, validityText } from './quote-display';
import { DocumentRef } from '../../components/document-ref';
import { CardAction } from './feedback';
import { INVOICE_STATE_COLORS } from './invoice-display';

/** What a card's buttons ask the manager to do. */
export type QuoteCardAction =
  | 'renew'
  | 'edit'
  | 'email'
  | 'accept'
  | 'reject'
  | 'payNow'
  | 'recordPayment'
  | 'duplicate'
  | 'downloadPdf'
  | 'preview'
  | 'delete';

export interface QuoteCardProps {
  quote: Quote;
  now: string;
  /** Written on this device and not yet confirmed by the server. */
  unsynced: boolean;
  /** The quote's standing tax invoice, once raised. */
  invoice: Invoice | undefined;
  /** The number of the job an automatic quote was made for (its key is shown otherwise). */
  jobRef?: string | undefined;
  /** The action running for this quote, if any (its button shows a spinner). */
  busy: QuoteCardAction | null;
  onAction: (action: QuoteCardAction, quote: Quote) => void;
}

export function QuoteCard({
  quote,
  now,
  unsynced,
  invoice,
  jobRef,
  busy,
  onAction,
}: QuoteCardProps) {
  // Past its date a sent quote shows Expired: it cannot be accepted or paid until renewed.
  const expired = isQuoteExpired(quote, now);
  const shown = shownQuoteStatus(quote, now);
  const allowed = new Set(expired ? [] : allowedQuoteActions(quote.status));
  const validity = validityText(quote, now);
  const route = routeText(quote);
  const jobId = jobIdOfQuote(quote);
  const state = invoice ? invoiceState(invoice) : null;
  const payable = allowed.has('payNow') && (!invoice || balanceDue(invoice) > 0);

  const button = (
    action: QuoteCardAction,
    label: string,
    icon: ReactNode,
    props: { color?: string; variant?: 'light' | 'filled' | 'subtle' } = {},
  ) => (
    <CardAction
      action={action}
      busy={busy}
      label={label}
      icon={icon}
      color={props.color}
      variant={props.variant}
      onClick={() => onAction(action, quote)}
    />
  );

  return (
    <DocumentCard
      label={`Quote ${documentRef(quote)} for ${quote.customerName}`}
      data-testid="quote-card"
      data-quote-id={quote.id}
      customerName={quote.customerName}
      badges={
        <>
          <Badge color={STATUS_COLORS[shown]} variant="filled" data-testid="quote-status">
            {statusLabel(shown)}
          </Badge>
          {state ? (
            <Badge
              color={INVOICE_STATE_COLORS[state]}
              variant="light"
              data-testid="quote-invoice-state"
            >
              {INVOICE_STATE_LABELS[state]}
            </Badge>
          ) : null}
        </>
      }
      unsynced={unsynced}
      unsyncedTestId="quote-unsynced"
      reference={<DocumentRef row={quote} size="sm" c="dimmed" />}
      total={quote.finalPrice}
      totalTestId="quote-price"
    >
      <Stack gap={2}>
        <Text size="sm">
          <Text span c="dimmed">
            Service:{' '}
          </Text>
          {quote.service ?? 'Not specified'}
          <Text span c="dimmed">
            {' '}
            · Vehicle:{' '}
          </Text>
          {quote.vehicleType ?? 'Not specified'}
        </Text>
        {route ? (
          <Text size="sm">
            <Text span c="dimmed">
              Route:{' '}
            </Text>
            {route}
          </Text>
        ) : null}
        <Text
          size="sm"
          c={validity.daysLeft <= 0 ? 'red' : validity.daysLeft <= 3 ? 'orange' : undefined}
        >
          <Text span c="dimmed">
            Valid until:{' '}
          </Text>
          {validity.date} ({validity.label})
        </Text>
        {jobId ? (
          <Text size="sm" component="div">
            <Badge size="sm" variant="outline" color="grape">
              Job {jobRef ?? jobId}
            </Badge>
          </Text>
        ) : null}
        {quote.notes ? (
          <Text size="sm" c="dimmed" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
            {quote.notes}
          </Text>
        ) : null}
        {invoice ? (
          <Text size="sm" c={state === 'paid' ? 'teal' : undefined}>
            Tax invoice {documentRef(invoice)} · paid {formatCents(invoice.amountPaid)} of{' '}
            {formatCents(invoice.amount)}
            {balanceDue(invoice) > 0 ? ` · ${formatCents(balanceDue(invoice))} due` : ''}
          </Text>
        ) : null}
      </Stack>

      <Group gap="xs" mt={4}>
        {expired
          ? button('renew', 'Renew & resend', <IconRefresh size={16} />, {
              variant: 'filled',
              color: 'orange',
            })
          : null}
        {allowed.has('edit') ? button('edit', 'Edit', <IconPencil size={16} />) : null}
        {allowed.has('email')
          ? button('email', 'Email Quote', <IconMail size={16} />, { variant: 'filled' })
          : null}
        {allowed.has('accept')
          ? button('accept', 'Accept', <IconCheck size={16} />, { color: 'green' })
          : null}
        {allowed.has('reject')
          ? button('reject', 'Reject', <IconX size={16} />, { color: 'red' })
          : null}
        {payable
          ? button('payNow', 'Pay Now', <IconCreditCard size={16} />, {
              variant: 'filled',
              color: 'green',
            })
          : null}
        {payable
          ? button('recordPayment', 'Record payment', <IconCash size={16} />, { color: 'teal' })
          : null}
        {button('preview', 'Preview', <IconEye size={16} />, { color: 'gray' })}
        {button('downloadPdf', 'Download PDF', <IconDownload size={16} />, { color: 'gray' })}
        {button('duplicate', 'Duplicate', <IconCopy size={16} />, { color: 'gray' })}
        {button('delete', 'Delete', <IconTrash size={16} />, { color: 'red', variant: 'subtle' })}
      </Group>
    </DocumentCard>
  );
}
