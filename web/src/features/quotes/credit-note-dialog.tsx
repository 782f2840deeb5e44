/**
 * Credit note: an issued tax invoice is corrected by a credit note (CN-…), never edited. Staff
 * give the amount (at most what is not yet credited) and the reason; it is a sync mutation, so
 * it works offline.
 */
import { useForm, type Resolver } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Group, Modal, Stack, Text, TextInput, Textarea } from '@mantine/core';
import {
  creditNoteFormSchema,
  csvAmount,
  formatCents,
  type CreditNoteFormInput,
  type Invoice,
  documentRef,
} from '@pilbara/shared-schema';
import { registerField } from '../../components/form-fields';

type CreditNoteFormOutput = ReturnType<ReturnType<typeof creditNoteFormSchema>['parse']>;

export interface CreditNoteDialogProps {
  invoice: Invoice | null;
  onClose: () => void;
  /** Saves; resolves true when the credit note was issued on this device. */
  onSubmit: (invoice: Invoice, amount: number, reason: string) => Promise<boolean>;
}

export function CreditNoteDialog({ invoice, onClose, onSubmit }: CreditNoteDialogProps) {
  return (
    <Modal opened={invoice !== null} onClose={onClose} title="Issue a credit note">
      {invoice ? (
        <CreditNoteForm key={invoice.id} invoice={invoice} onClose={onClose} onSubmit={onSubmit} />
      ) : null}
    </Modal>
  );
}

function CreditNoteForm({
  invoice,
  onClose,
  onSubmit,
}: Omit<CreditNoteDialogProps, 'invoice'> & { invoice: Invoice }) {
  const creditable = invoice.amount - invoice.amountCredited;
  const form = useForm<CreditNoteFormInput, unknown, CreditNoteFormOutput>({
    defaultValues: { amount: csvAmount(creditable), reason: '' },
    resolver: zodResolver(creditNoteFormSchema(creditable)) as Resolver<
      CreditNoteFormInput,
      unknown,
      CreditNoteFormOutput
    >,
    mode: 'onTouched',
  });
  const submit = form.handleSubmit(async (values) => {
    if (await onSubmit(invoice, values.amount, values.reason)) onClose();
  });
  return (
    <form onSubmit={(event) => void submit(event)} noValidate aria-label="Issue a credit note">
      <Stack gap="md">
        <Text size="sm">
          Tax invoice <b>{documentRef(invoice)}</b> for {invoice.customerName}:{' '}
          {formatCents(creditable)} can be credited. The invoice itself stays as issued.
          {invoice.amountPaid > 0
            ? ' A credit on money already paid is owed back to the customer as a refund.'
            : ''}
        </Text>
        <TextInput
          label="Credit amount (GST inclusive)"
          leftSection="$"
          inputMode="decimal"
          withAsterisk
          {...registerField(form, 'amount')}
        />
        <Textarea
          label="Reason"
          withAsterisk
          autosize
          minRows={2}
          maxLength={500}
          {...registerField(form, 'reason')}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" color="grape" loading={form.formState.isSubmitting}>
            Issue credit note
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
