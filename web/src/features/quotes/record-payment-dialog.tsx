/**
 * Record payment: staff note a cash, card-on-site or bank-transfer payment taken outside the card
 * checkout (DESIGN §8); the server accepts the quote and creates its paid invoice.
 */
import { useState } from 'react';
import {
  Alert,
  Button,
  Group,
  Modal,
  SegmentedControl,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { formatCents, type Quote, type RecordPaymentInput } from '@pilbara/shared-schema';
import { QUOTES_TEXT } from './quotes-text';

type Method = RecordPaymentInput['method'];

const METHODS: { value: Method; label: string }[] = [
  { value: 'cash', label: 'Cash' },
  { value: 'card-on-site', label: 'Card on site' },
  { value: 'bank-transfer', label: 'Bank transfer' },
];

export interface RecordPaymentDialogProps {
  quote: Quote | null;
  /** True when opened from Pay Now on a deployment without card keys. */
  cardNotSetUp: boolean;
  onClose: () => void;
  onSubmit: (quote: Quote, input: RecordPaymentInput) => Promise<boolean>;
}

export function RecordPaymentDialog({
  quote,
  cardNotSetUp,
  onClose,
  onSubmit,
}: RecordPaymentDialogProps) {
  return (
    <Modal opened={quote !== null} onClose={onClose} title="Record payment">
      {quote ? (
        <RecordPaymentBody
          key={quote.id}
          quote={quote}
          cardNotSetUp={cardNotSetUp}
          onClose={onClose}
          onSubmit={onSubmit}
        />
      ) : null}
    </Modal>
  );
}

function RecordPaymentBody({
  quote,
  cardNotSetUp,
  onClose,
  onSubmit,
}: RecordPaymentDialogProps & { quote: Quote }) {
  const [method, setMethod] = useState<Method>('cash');
  const [reference, setReference] = useState('');
  const [saving, setSaving] = useState(false);

  const submit = async () => {
    setSaving(true);
    try {
      if (await onSubmit(quote, { method, reference: reference.trim() || null })) onClose();
    } finally {
      setSaving(false);
    }
  };

  return (
    <Stack gap="md">
      {cardNotSetUp ? (
        <Alert color="yellow" title={QUOTES_TEXT.CARD_NOT_SET_UP_TITLE}>
          Record a payment taken another way instead.
        </Alert>
      ) : null}
      <Text size="sm">
        Quote <b>{quote.id}</b> for {quote.customerName}: <b>{formatCents(quote.finalPrice)}</b>
      </Text>
      <SegmentedControl
        fullWidth
        data={METHODS}
        value={method}
        onChange={(value) => setMethod(value as Method)}
        aria-label="Payment method"
      />
      <TextInput
        label="Reference (optional)"
        placeholder="Receipt or transfer reference"
        value={reference}
        onChange={(event) => setReference(event.currentTarget.value)}
        maxLength={100}
      />
      <Group justify="flex-end">
        <Button variant="default" onClick={onClose}>
          Cancel
        </Button>
        <Button color="teal" loading={saving} onClick={() => void submit()}>
          Record {formatCents(quote.finalPrice)}
        </Button>
      </Group>
    </Stack>
  );
}
