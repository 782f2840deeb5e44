/**
 * One tax invoice in the Invoices list: number, customer, issue date, state, total, paid and
 * balance due, and what staff can do with it (record a payment, view, PDF, email, credit note).
 * A credit note that left a paid invoice in credit shows as a refund owed with Record refund;
 * the invoice's credit notes are listed with their own PDF and email.
 */
import type { ReactNode } from 'react';
import { Badge, Button, Group, Stack, Text } from '@mantine/core';
import {
  IconCash,
  IconDownload,
  IconEye,
  IconMail,
  IconReceiptRefund,
  IconArrowBackUp,
} from '@tabler/icons-react';
import {
  INVOICE_STATE_LABELS,
  balanceDue,
  documentRef,
  formatCents,
  invoiceState,
  refundOwed,
  type CreditNote,
  type Invoice,
  formatDate,
  isProvisional,
} from '@pilbara/shared-schema';
import { messagesPath } from '../../components/customer-messages';
import { DocumentRef } from '../../components/document-ref';
import { CardAction } from './feedback';
import { DocumentCard } from './document-card';
import { INVOICE_STATE_COLORS } from './invoice-display';
import { QUOTES_TEXT } from './quotes-text';

/** What an invoice card's buttons ask for. */
export type InvoiceCardAction = 'pay' | 'refund' | 'view' | 'pdf' | 'email' | 'credit';
/** What a credit note's buttons on the card ask for. */
export type CreditNoteAction = 'note-pdf' | 'note-email';

export interface InvoiceCardProps {
  invoice: Invoice;
  /** Its credit notes, oldest first. */
  creditNotes?: readonly CreditNote[];
  /** The number of the job it bills, when it bills one (its key is shown otherwise). */
  jobRef?: string | null;
  /** Written on this device and not yet confirmed by the server. */
  unsynced: boolean;
  busy: InvoiceCardAction | CreditNoteAction | null;
  onAction: (action: InvoiceCardAction, invoice: Invoice) => void;
  onNoteAction?: (action: CreditNoteAction, note: CreditNote, invoice: Invoice) => void;
}

export function InvoiceCard({
  invoice,
  creditNotes = [],
  jobRef,
  unsynced,
  busy,
  onAction,
  onNoteAction,
}: InvoiceCardProps) {
  const state = invoiceState(invoice);
  const due = balanceDue(invoice);
  const owedBack = refundOwed(invoice);
  const refunded = invoice.amountRefunded ?? 0;
  const cardBusy = busy === 'note-pdf' || busy === 'note-email' ? null : busy;
  const button = (action: InvoiceCardAction, label: string, icon: ReactNode, color?: string) => (
    <CardAction
      action={action}
      busy={cardBusy}
      label={label}
      icon={icon}
      color={color}
      variant={action === 'pay' || action === 'refund' ? 'filled' : 'light'}
      onClick={() => onAction(action, invoice)}
    />
  );
  return (
    <DocumentCard
      label={`Tax invoice ${documentRef(invoice)} for ${invoice.customerName}`}
      data-testid="invoice-card"
      data-invoice-id={invoice.id}
      data-job-id={invoice.jobId ?? undefined}
      data-state={state}
      customerName={invoice.customerName}
      badges={
        <Badge color={INVOICE_STATE_COLORS[state]} variant="filled" data-testid="invoice-state">
          {INVOICE_STATE_LABELS[state]}
        </Badge>
      }
      unsynced={unsynced}
      unsyncedTestId="invoice-unsynced"
      reference={
        <Group gap={6} wrap="wrap">
          <DocumentRef row={invoice} size="sm" c="dimmed" />
          {invoice.jobId ? (
            <Text size="sm" c="dimmed" ff="monospace">
              · {jobRef ?? invoice.jobId}
            </Text>
          ) : null}
        </Group>
      }
      total={invoice.amount}
      messagesPath={isProvisional(invoice) ? null : messagesPath('invoices', invoice.id)}
    >
      <Text size="sm">
        <Text span c="dimmed">
          Issued{' '}
        </Text>
        {formatDate(invoice.createdAt)}
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
        {refunded > 0 ? ` · refunded ${formatCents(refunded)}` : ''}
        {' · '}
        <Text
          span
          fw={700}
          c={owedBack > 0 ? 'grape.8' : due > 0 ? 'orange.8' : 'teal.8'}
          data-testid="invoice-balance"
        >
          {owedBack > 0
            ? QUOTES_TEXT.refundOwed(formatCents(owedBack))
            : due > 0
              ? `${formatCents(due)} due`
              : 'nothing due'}
        </Text>
      </Text>
      {creditNotes.length > 0 ? (
        <Stack gap={4} data-testid="invoice-credit-notes">
          {creditNotes.map((note) => (
            <Group key={note.id} gap="xs" wrap="wrap" data-testid="invoice-credit-note">
              <Text size="sm" c="dimmed">
                Credit note
              </Text>
              <DocumentRef row={note} size="sm" />
              <Text size="sm">
                {formatCents(note.amount)}: {note.reason}
              </Text>
              {onNoteAction ? (
                <Group gap={4}>
                  <Button
                    size="compact-sm"
                    variant="subtle"
                    leftSection={<IconDownload size={14} />}
                    loading={busy === 'note-pdf'}
                    onClick={() => onNoteAction('note-pdf', note, invoice)}
                  >
                    PDF
                  </Button>
                  {note.customerEmail || invoice.customerEmail ? (
                    <Button
                      size="compact-sm"
                      variant="subtle"
                      leftSection={<IconMail size={14} />}
                      loading={busy === 'note-email'}
                      onClick={() => onNoteAction('note-email', note, invoice)}
                    >
                      Email credit note
                    </Button>
                  ) : null}
                </Group>
              ) : null}
            </Group>
          ))}
        </Stack>
      ) : null}
      <Group gap="xs" mt={4}>
        {due > 0 ? button('pay', 'Record payment', <IconCash size={16} />, 'teal') : null}
        {owedBack > 0
          ? button('refund', 'Record refund', <IconArrowBackUp size={16} />, 'grape')
          : null}
        {button('view', 'View', <IconEye size={16} />, 'gray')}
        {button('pdf', 'Download PDF', <IconDownload size={16} />, 'gray')}
        {invoice.customerEmail ? button('email', 'Email invoice', <IconMail size={16} />) : null}
        {invoice.amountCredited < invoice.amount
          ? button('credit', 'Credit note', <IconReceiptRefund size={16} />, 'grape')
          : null}
      </Group>
    </DocumentCard>
  );
}
