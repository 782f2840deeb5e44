/**
 * The invoices view's to-do cards: an invoice whose customer is owed a refund, and a completed
 * job waiting for its tax invoice. One shape: who, which document, the amount and one action.
 */
import type { ReactNode } from 'react';
import { Button, Card, Group, Stack, Text } from '@mantine/core';
import { IconArrowBackUp, IconFileInvoice } from '@tabler/icons-react';
import { documentRef, formatCents, refundOwed, type Invoice } from '@pilbara/shared-schema';
import { DocumentRef } from '../../components/document-ref';
import type { JobToInvoice } from './use-billing';

/** Who, which document, and on the right the amount with the one thing to do about it. */
function QueueCard({
  who,
  detail,
  amount,
  action,
  ...data
}: {
  who: string;
  detail: ReactNode;
  amount: ReactNode;
  action: ReactNode;
  'data-testid': string;
  'data-invoice-id'?: string;
  'data-job-id'?: string;
}) {
  return (
    <Card withBorder radius="md" padding="md" {...data}>
      <Group justify="space-between" wrap="wrap" gap="sm">
        <Stack gap={2} style={{ minWidth: 0 }}>
          <Text fw={700}>{who}</Text>
          {detail}
        </Stack>
        <Group gap="sm" wrap="nowrap">
          {amount}
          {action}
        </Group>
      </Group>
    </Card>
  );
}

/** An invoice whose customer is owed money back, with what is owed and Record refund. */
export function RefundOwedCard({ invoice, onRefund }: { invoice: Invoice; onRefund: () => void }) {
  return (
    <QueueCard
      data-testid="refund-owed"
      data-invoice-id={invoice.id}
      who={invoice.customerName}
      detail={
        <Group gap={6}>
          <Text size="sm" c="dimmed">
            Invoice
          </Text>
          <DocumentRef row={invoice} size="sm" c="dimmed" />
        </Group>
      }
      amount={
        <Text fw={800} c="grape.8">
          {formatCents(refundOwed(invoice))}
        </Text>
      }
      action={
        <Button color="grape" leftSection={<IconArrowBackUp size={16} />} onClick={onRefund}>
          Record refund
        </Button>
      }
    />
  );
}

export function JobToInvoiceCard({ entry, onRaise }: { entry: JobToInvoice; onRaise: () => void }) {
  const { job, quote } = entry;
  return (
    <QueueCard
      data-testid="job-to-invoice"
      data-job-id={job.id}
      who={job.customerName}
      detail={
        <Text size="sm" c="dimmed">
          <DocumentRef row={job} size="sm" /> · {job.service} · completed · quote{' '}
          {documentRef(quote)}
        </Text>
      }
      amount={<Text fw={800}>{formatCents(quote.finalPrice)}</Text>}
      action={
        <Button leftSection={<IconFileInvoice size={16} />} onClick={onRaise}>
          Raise invoice
        </Button>
      }
    />
  );
}
