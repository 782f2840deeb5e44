/** The tax invoice of a completed job, raised by hand from its quote. */
import { useState } from 'react';
import { Alert, Button, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import {
  BUYER_IDENTITY_THRESHOLD_CENTS,
  MESSAGES,
  buyerAbnInput,
  documentRef,
  formatCents,
} from '@pilbara/shared-schema';
import { raiseJobInvoice } from './billing-actions';
import { toast } from './feedback';
import { QUOTES_TEXT } from './quotes-text';
import type { JobToInvoice } from './use-billing';

/** Confirms the invoice of a completed job, with the buyer's ABN when they give one. */
export function RaiseInvoiceDialog({
  entry,
  onClose,
}: {
  entry: JobToInvoice | null;
  onClose: () => void;
}) {
  return (
    <Modal opened={entry !== null} onClose={onClose} title="Raise tax invoice">
      {entry ? <RaiseInvoiceForm key={entry.job.id} entry={entry} onClose={onClose} /> : null}
    </Modal>
  );
}

function RaiseInvoiceForm({ entry, onClose }: { entry: JobToInvoice; onClose: () => void }) {
  const { job, quote } = entry;
  const [abn, setAbn] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const submit = async () => {
    const parsed = buyerAbnInput.safeParse(abn);
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? null);
      return;
    }
    setSaving(true);
    try {
      const outcome = await raiseJobInvoice(quote, job.id, parsed.data);
      if (!outcome.ok) {
        setError(outcome.message);
        return;
      }
      toast(
        'success',
        MESSAGES.INVOICE_RAISED_TITLE,
        QUOTES_TEXT.invoiceRaised(documentRef({ id: outcome.invoiceId })),
      );
      onClose();
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : MESSAGES.INTERNAL_ERROR);
    } finally {
      setSaving(false);
    }
  };
  return (
    <Stack gap="md">
      <Text size="sm">
        Tax invoice for job <b>{documentRef(job)}</b> ({job.service}) to {job.customerName}, from
        quote {documentRef(quote)}: <b>{formatCents(quote.finalPrice)}</b> including GST.
      </Text>
      {quote.finalPrice >= BUYER_IDENTITY_THRESHOLD_CENTS ? (
        <Alert color="blue" variant="light" p="xs">
          {QUOTES_TEXT.buyerNamed(job.customerName)}
        </Alert>
      ) : null}
      <TextInput
        label="Customer ABN (optional)"
        placeholder="11 digits"
        inputMode="numeric"
        value={abn}
        error={error}
        onChange={(event) => {
          setAbn(event.currentTarget.value);
          setError(null);
        }}
      />
      <Group justify="flex-end">
        <Button variant="default" onClick={onClose}>
          Cancel
        </Button>
        <Button loading={saving} onClick={() => void submit()}>
          Raise invoice
        </Button>
      </Group>
    </Stack>
  );
}
