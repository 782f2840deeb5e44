/**
 * The tax invoice as the customer reads it, drawn from the shared tax invoice document the PDF is
 * laid out from: 'Tax invoice', the seller and ABN, number and dates, the buyer, each line with
 * its GST mark, the total with the GST it includes, payments, credit notes and the balance due.
 * It reads Dexie, so it opens offline, a payment recorded a moment ago included. An invoice that
 * is not yet numbered, or a business without a valid ABN, shows as a plain 'Invoice',
 * as the server's PDF would.
 */
import { Badge, Divider, Group, Modal, Stack, Text, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import {
  DOCUMENT_TEXT,
  taxInvoiceDocument,
  type CreditNote,
  type Invoice,
  type Payment,
  documentRef,
} from '@pilbara/shared-schema';
import { useProfile } from '../../components/profile-provider';
import { PaymentDetails } from '../../components/payment-details';
import { AmountRow, DocumentSections, SellerHeader } from './document-parts';
import { INVOICE_STATE_COLORS } from './invoice-display';

export interface InvoicePreviewProps {
  invoice: Invoice | null;
  payments: readonly Payment[];
  creditNotes: readonly CreditNote[];
  /** The numbers of the quotes and jobs invoices refer to, by key. */
  refs?: ReadonlyMap<string, string>;
  onClose: () => void;
}

export function InvoicePreview({
  invoice,
  payments,
  creditNotes,
  refs,
  onClose,
}: InvoicePreviewProps) {
  const phone = useMediaQuery('(max-width: 36em)');
  return (
    <Modal
      opened={invoice !== null}
      onClose={onClose}
      title={invoice ? `Invoice ${documentRef(invoice)}` : 'Invoice'}
      size="lg"
      fullScreen={phone}
    >
      {invoice ? (
        <InvoiceBody
          invoice={invoice}
          payments={payments}
          creditNotes={creditNotes}
          refs={refs ?? new Map()}
        />
      ) : null}
    </Modal>
  );
}

function InvoiceBody({
  invoice,
  payments,
  creditNotes,
  refs,
}: {
  invoice: Invoice;
  payments: readonly Payment[];
  creditNotes: readonly CreditNote[];
  refs: ReadonlyMap<string, string>;
}) {
  const doc = taxInvoiceDocument(invoice, useProfile(), {
    payments,
    creditNotes,
    quoteRef: invoice.quoteId ? refs.get(invoice.quoteId) : null,
    jobRef: invoice.jobId ? refs.get(invoice.jobId) : null,
  });
  const balance = doc.settlement.at(-1);
  return (
    <Stack gap="md" data-testid="invoice-preview">
      <Group justify="space-between" align="flex-start" wrap="wrap">
        <SellerHeader seller={doc.seller} />
        <Stack gap={2} align="flex-end">
          <Title order={3} c="orange.8" tt="uppercase">
            {doc.title}
          </Title>
          <Text fw={700} ff="monospace">
            {doc.number}
          </Text>
          <Text size="sm">Issue date: {doc.issueDate}</Text>
          {doc.dueDate ? <Text size="sm">Due date: {doc.dueDate}</Text> : null}
          <Badge color={INVOICE_STATE_COLORS[doc.state]} data-testid="invoice-preview-state">
            {doc.stateLabel}
          </Badge>
        </Stack>
      </Group>
      <Divider />
      <Group justify="space-between" align="flex-start" wrap="wrap">
        <Stack gap={2}>
          <Text size="xs" fw={700} c="dimmed" tt="uppercase">
            {DOCUMENT_TEXT.BILL_TO}
          </Text>
          <Text fw={700}>{doc.buyer.name}</Text>
          {doc.buyer.abn ? <Text size="sm">ABN {doc.buyer.abn}</Text> : null}
          {doc.buyer.phone ? <Text size="sm">{doc.buyer.phone}</Text> : null}
          {doc.buyer.email ? <Text size="sm">{doc.buyer.email}</Text> : null}
        </Stack>
        <Stack gap={2}>
          {doc.references.map((row) => (
            <Text key={row.label} size="sm">
              {row.label}: {row.value}
            </Text>
          ))}
        </Stack>
      </Group>
      <DocumentSections sections={doc.sections} taxMark={doc.taxableMark} />
      <Stack gap={4}>
        {doc.adjustments.map((line) => (
          <AmountRow key={line.label} line={line} />
        ))}
        <Divider />
        <Group justify="space-between">
          <Text fw={700}>{doc.total.label}</Text>
          <Text fw={800} size="xl">
            {doc.total.text}
          </Text>
        </Group>
        <AmountRow line={doc.gst} strong />
        <Text size="sm" fw={600}>
          {doc.gstStatement}
        </Text>
        <Text size="xs" c="dimmed" data-testid="invoice-preview-tax-statement">
          {doc.notTaxInvoiceNote ?? doc.taxableStatement}
        </Text>
      </Stack>
      {doc.payments.length > 0 ? (
        <Stack gap={2}>
          <Text size="sm" fw={700}>
            {DOCUMENT_TEXT.PAYMENTS}
          </Text>
          {doc.payments.map((payment, index) => (
            <Group key={index} justify="space-between" wrap="nowrap">
              <Text size="sm">
                {[payment.date, payment.method, payment.reference].filter(Boolean).join(' · ')}
              </Text>
              <Text size="sm">{payment.amount}</Text>
            </Group>
          ))}
        </Stack>
      ) : null}
      {doc.refunds.length > 0 ? (
        <Stack gap={2}>
          <Text size="sm" fw={700}>
            {DOCUMENT_TEXT.REFUNDS}
          </Text>
          {doc.refunds.map((refund, index) => (
            <Group key={index} justify="space-between" wrap="nowrap">
              <Text size="sm">
                {[refund.date, refund.method, refund.reference].filter(Boolean).join(' · ')}
              </Text>
              <Text size="sm">{refund.amount}</Text>
            </Group>
          ))}
        </Stack>
      ) : null}
      {doc.creditNotes.length > 0 ? (
        <Stack gap={2}>
          <Text size="sm" fw={700}>
            Credit notes
          </Text>
          {doc.creditNotes.map((note) => (
            <Text key={note} size="sm">
              {note}
            </Text>
          ))}
        </Stack>
      ) : null}
      <Stack gap={4}>
        {doc.settlement.slice(0, -1).map((line) => (
          <AmountRow key={line.label} line={line} />
        ))}
        {balance ? (
          <Group justify="space-between" data-testid="invoice-preview-balance">
            <Text fw={700}>{balance.label}</Text>
            <Text
              fw={800}
              c={
                doc.refundOwedCents > 0
                  ? 'grape.8'
                  : doc.balanceDueCents > 0
                    ? 'orange.8'
                    : 'teal.8'
              }
            >
              {balance.text}
            </Text>
          </Group>
        ) : null}
      </Stack>
      {doc.payment ? <PaymentDetails instructions={doc.payment} headingOrder={3} /> : null}
    </Stack>
  );
}
