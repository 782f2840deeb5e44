/**
 * Record payment: staff note cash, card on site or a bank transfer against an invoice (or a
 * quote, whose invoice is raised with it), in full or in part. It is a sync mutation, so it works
 * with no signal and is recorded once when the device syncs. The form is the shared payment form
 * schema: an amount above $0.00 and at most what is owed.
 *
 * The same dialog records a refund (`mode="refund"`): money paid back to a customer a
 * credit note left in credit, at most what is owed back, by transfer, cash or card on site.
 */
import '@mantine/dates/styles.css';
import { Controller, useForm, type Resolver } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
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
import { DatePickerInput } from '@mantine/dates';
import { IconCalendar } from '@tabler/icons-react';
import {
  PAYMENT_METHOD_LABELS,
  RECORDABLE_PAYMENT_METHODS,
  REFUND_METHODS,
  csvAmount,
  formatCents,
  paymentFormSchema,
  refundFormSchema,
  todayInPerth,
  type PaymentFormInput,
} from '@pilbara/shared-schema';
import { registerField } from '../../components/form-fields';
import type { PaymentDetails } from './billing-actions';
import { QUOTES_TEXT } from './quotes-text';

/** What the dialog records: money in, or a refund out. */
type MoneyMode = 'payment' | 'refund';

/** The words and rules of each mode. */
export const MODES = {
  payment: {
    title: 'Record payment',
    methods: RECORDABLE_PAYMENT_METHODS.map((value) => ({
      value,
      label: PAYMENT_METHOD_LABELS[value],
    })),
    defaultMethod: 'cash',
    schema: paymentFormSchema,
    owed: 'owed',
    reference: 'Receipt or transfer reference',
    date: 'Date received',
    colour: 'teal',
  },
  refund: {
    title: 'Record refund',
    methods: REFUND_METHODS.map((value) => ({ value, label: PAYMENT_METHOD_LABELS[value] })),
    defaultMethod: 'bank-transfer',
    schema: refundFormSchema,
    owed: 'owed back to the customer',
    reference: 'Transfer reference or receipt',
    date: 'Date paid out',
    colour: 'grape',
  },
} as const;

/** What is being paid: a line naming it and what is owed on it. */
interface PaymentTarget {
  key: string;
  /** 'Invoice INV-2026-4 for Dana Reid'. */
  title: string;
  owedCents: number;
}

export interface PaymentDialogProps {
  target: PaymentTarget | null;
  /** A payment in (default) or a refund out. */
  mode?: MoneyMode;
  /** True when opened from Pay Now on a deployment without card keys. */
  cardNotSetUp?: boolean;
  onClose: () => void;
  /** Saves; resolves true when the payment was recorded on this device. */
  onSubmit: (details: PaymentDetails) => Promise<boolean>;
}

export function PaymentDialog({
  target,
  mode = 'payment',
  cardNotSetUp = false,
  onClose,
  onSubmit,
}: PaymentDialogProps) {
  return (
    <Modal opened={target !== null} onClose={onClose} title={MODES[mode].title}>
      {target ? (
        <PaymentForm
          key={target.key}
          target={target}
          mode={mode}
          cardNotSetUp={cardNotSetUp}
          onClose={onClose}
          onSubmit={onSubmit}
        />
      ) : null}
    </Modal>
  );
}

type PaymentFormOutput = ReturnType<ReturnType<typeof paymentFormSchema>['parse']>;

function PaymentForm({
  target,
  mode = 'payment',
  cardNotSetUp,
  onClose,
  onSubmit,
}: Omit<PaymentDialogProps, 'target'> & { target: PaymentTarget }) {
  const words = MODES[mode];
  const form = useForm<PaymentFormInput, unknown, PaymentFormOutput>({
    defaultValues: {
      method: words.defaultMethod,
      amount: csvAmount(target.owedCents),
      reference: '',
      paidAt: todayInPerth(),
    },
    // The refund form has the same fields; its method list and messages are the refund's.
    resolver: zodResolver(
      words.schema(target.owedCents) as ReturnType<typeof paymentFormSchema>,
    ) as Resolver<PaymentFormInput, unknown, PaymentFormOutput>,
    mode: 'onTouched',
  });
  const { control, handleSubmit, formState } = form;

  const submit = handleSubmit(async (values) => {
    // Money taken today is stamped with the time it is recorded, not midnight.
    const paidAt = values.paidAt === todayInPerth() ? null : values.paidAt;
    if (await onSubmit({ ...values, paidAt })) onClose();
  });

  return (
    <form onSubmit={(event) => void submit(event)} noValidate aria-label={words.title}>
      <Stack gap="md">
        {cardNotSetUp ? (
          <Alert color="yellow" title={QUOTES_TEXT.CARD_NOT_SET_UP_TITLE}>
            Record a payment taken another way instead.
          </Alert>
        ) : null}
        <Text size="sm">
          {target.title}: <b>{formatCents(target.owedCents)}</b> {words.owed}
        </Text>
        <Controller
          control={control}
          name="method"
          render={({ field }) => (
            <SegmentedControl
              fullWidth
              data={[...words.methods]}
              value={field.value}
              onChange={field.onChange}
              aria-label={mode === 'refund' ? 'Refund method' : 'Payment method'}
            />
          )}
        />
        <TextInput
          label="Amount"
          leftSection="$"
          inputMode="decimal"
          withAsterisk
          {...registerField(form, 'amount')}
        />
        <TextInput
          label="Reference (optional)"
          placeholder={words.reference}
          maxLength={100}
          {...registerField(form, 'reference')}
        />
        <Controller
          control={control}
          name="paidAt"
          render={({ field, fieldState }) => (
            <DatePickerInput
              label={words.date}
              leftSection={<IconCalendar size={18} />}
              maxDate={todayInPerth()}
              valueFormat="ddd D MMM YYYY"
              value={field.value || null}
              onChange={(value) => field.onChange(value ?? '')}
              onBlur={field.onBlur}
              ref={field.ref}
              name={field.name}
              error={fieldState.error?.message}
              firstDayOfWeek={1}
              popoverProps={{ withinPortal: true }}
            />
          )}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" color={words.colour} loading={formState.isSubmitting}>
            {words.title}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
