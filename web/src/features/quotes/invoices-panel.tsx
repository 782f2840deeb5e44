/**
 * The Invoices view of the Quotes & Billing tab: refunds owed (a credit note left a paid invoice
 * in credit, issue 28), completed jobs waiting for their tax invoice (raised by hand from the
 * job's quote), and every invoice with its payments and credit notes. Raising, paying, crediting
 * and refunding are sync mutations that work offline; the PDFs and emails need the server and
 * say so when there is no connection.
 */
import { useState } from 'react';
import {
  Alert,
  Button,
  Card,
  Group,
  Loader,
  Modal,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { IconArrowBackUp, IconFileInvoice } from '@tabler/icons-react';
import {
  BUYER_IDENTITY_THRESHOLD_CENTS,
  MESSAGES,
  balanceDue,
  buyerAbnInput,
  creditNotePdfFilename,
  documentLabel,
  documentRef,
  formatCents,
  invoicePdfFilename,
  isProvisional,
  refundOwed,
  type CreditNote,
  type Invoice,
} from '@pilbara/shared-schema';
import { DocumentRef } from '../../components/document-ref';
import {
  issueCredit,
  raiseJobInvoice,
  recordPayment,
  recordRefund,
  type PaymentDetails,
} from './billing-actions';
import { CreditNoteDialog } from './credit-note-dialog';
import { InvoiceCard, type CreditNoteAction, type InvoiceCardAction } from './invoice-card';
import { InvoicePreview } from './invoice-preview';
import { PaymentDialog } from './payment-dialog';
import {
  OfflineError,
  browserOffline,
  fetchCreditNotePdf,
  fetchInvoicePdf,
  reasonOf,
  saveBlob,
  sendCreditNoteEmail,
  sendInvoiceEmail,
} from './quotes-api';
import { toast } from './feedback';
import { QUOTES_TEXT } from './quotes-text';
import {
  useBillingRows,
  useDocumentRefs,
  useJobsToInvoice,
  usePendingInvoiceIds,
  type JobToInvoice,
} from './use-billing';
import { useQuotes } from './use-quotes';

const PAGE = 20;

export function InvoicesPanel() {
  const billing = useBillingRows();
  const quotes = useQuotes();
  const toInvoice = useJobsToInvoice(quotes);
  const unsynced = usePendingInvoiceIds();
  const refs = useDocumentRefs();
  const [shown, setShown] = useState(PAGE);
  const [paying, setPaying] = useState<Invoice | null>(null);
  const [refunding, setRefunding] = useState<Invoice | null>(null);
  const [crediting, setCrediting] = useState<Invoice | null>(null);
  const [viewing, setViewing] = useState<string | null>(null);
  const [raising, setRaising] = useState<JobToInvoice | null>(null);
  const [busy, setBusy] = useState<{
    id: string;
    action: InvoiceCardAction | CreditNoteAction;
  } | null>(null);

  const invoices = billing?.invoices ?? [];
  const owingBack = invoices.filter((invoice) => refundOwed(invoice) > 0);
  const notesOf = (invoice: Invoice) =>
    (billing?.creditNotes ?? [])
      .filter((note) => note.invoiceId === invoice.id)
      .sort((a, b) => a.createdAt.localeCompare(b.createdAt));
  const viewed = invoices.find((invoice) => invoice.id === viewing) ?? null;

  const pay = async (details: PaymentDetails): Promise<boolean> => {
    if (!paying) return false;
    try {
      const outcome = await recordPayment(paying.id, details);
      if (!outcome.ok) {
        toast('error', MESSAGES.QUOTE_PAYMENT_FAILED_TITLE, outcome.message);
        return false;
      }
      toast(
        'success',
        MESSAGES.PAYMENT_RECORDED_TITLE,
        browserOffline()
          ? QUOTES_TEXT.savedOffline
          : QUOTES_TEXT.invoicePaymentRecorded(documentLabel(paying)),
      );
      return true;
    } catch (error) {
      toast(
        'error',
        MESSAGES.QUOTE_PAYMENT_FAILED_TITLE,
        error instanceof Error ? error.message : undefined,
      );
      return false;
    }
  };

  const refund = async (details: PaymentDetails): Promise<boolean> => {
    if (!refunding) return false;
    try {
      const outcome = await recordRefund(refunding.id, details);
      if (!outcome.ok) {
        toast('error', MESSAGES.REFUND_FAILED_TITLE, outcome.message);
        return false;
      }
      toast(
        'success',
        MESSAGES.REFUND_RECORDED_TITLE,
        browserOffline()
          ? QUOTES_TEXT.savedOffline
          : QUOTES_TEXT.refundRecorded(formatCents(details.amount), documentLabel(refunding)),
      );
      return true;
    } catch (error) {
      toast(
        'error',
        MESSAGES.REFUND_FAILED_TITLE,
        error instanceof Error ? error.message : undefined,
      );
      return false;
    }
  };

  const credit = async (invoice: Invoice, amount: number, reason: string): Promise<boolean> => {
    try {
      const outcome = await issueCredit(invoice.id, amount, reason);
      if (!outcome.ok) {
        toast('error', MESSAGES.CREDIT_NOTE_ISSUED_TITLE, outcome.message);
        return false;
      }
      toast(
        'success',
        MESSAGES.CREDIT_NOTE_ISSUED_TITLE,
        QUOTES_TEXT.creditIssued(formatCents(amount), documentLabel(invoice)),
      );
      return true;
    } catch (error) {
      toast(
        'error',
        MESSAGES.CREDIT_NOTE_ISSUED_TITLE,
        error instanceof Error ? error.message : undefined,
      );
      return false;
    }
  };

  const online = async (
    invoice: Invoice,
    action: InvoiceCardAction | CreditNoteAction,
    work: () => Promise<void>,
    failed: string,
  ) => {
    if (browserOffline())
      return toast('info', QUOTES_TEXT.NEEDS_CONNECTION_TITLE, QUOTES_TEXT.invoiceNeedsConnection);
    if (unsynced.has(invoice.id))
      return toast('info', QUOTES_TEXT.NOT_SYNCED_TITLE, QUOTES_TEXT.notSynced);
    setBusy({ id: invoice.id, action });
    try {
      await work();
    } catch (error) {
      if (error instanceof OfflineError)
        toast('info', QUOTES_TEXT.NEEDS_CONNECTION_TITLE, QUOTES_TEXT.invoiceNeedsConnection);
      else toast('error', failed, reasonOf(error));
    } finally {
      setBusy(null);
    }
  };

  const onAction = (action: InvoiceCardAction, invoice: Invoice) => {
    switch (action) {
      case 'pay':
        setPaying(invoice);
        return;
      case 'refund':
        setRefunding(invoice);
        return;
      case 'credit':
        setCrediting(invoice);
        return;
      case 'view':
        setViewing(invoice.id);
        return;
      case 'pdf':
        void online(
          invoice,
          action,
          async () => {
            saveBlob(await fetchInvoicePdf(invoice.id), invoicePdfFilename(documentRef(invoice)));
            toast('success', MESSAGES.INVOICE_PDF_DOWNLOADED);
          },
          MESSAGES.PDF_DOWNLOAD_FAILED,
        );
        return;
      case 'email':
        void online(
          invoice,
          action,
          async () => {
            await sendInvoiceEmail(invoice.id);
            toast('success', MESSAGES.INVOICE_EMAILED, invoice.customerEmail ?? undefined);
          },
          MESSAGES.INVOICE_EMAIL_FAILED,
        );
        return;
    }
  };

  const onNoteAction = (action: CreditNoteAction, note: CreditNote, invoice: Invoice) => {
    // A note still on this device has no number yet: nothing to print or send.
    if (isProvisional(note) && !browserOffline())
      return toast('info', QUOTES_TEXT.NOT_SYNCED_TITLE, QUOTES_TEXT.creditNoteNotSynced);
    if (browserOffline())
      return toast(
        'info',
        QUOTES_TEXT.NEEDS_CONNECTION_TITLE,
        QUOTES_TEXT.creditNoteNeedsConnection,
      );
    if (action === 'note-pdf')
      return void online(
        invoice,
        action,
        async () =>
          saveBlob(await fetchCreditNotePdf(note.id), creditNotePdfFilename(documentRef(note))),
        MESSAGES.PDF_DOWNLOAD_FAILED,
      );
    void online(
      invoice,
      action,
      async () => {
        await sendCreditNoteEmail(note.id);
        toast(
          'success',
          QUOTES_TEXT.CREDIT_NOTE_EMAILED,
          QUOTES_TEXT.creditNoteEmailed(documentRef(note)),
        );
      },
      QUOTES_TEXT.CREDIT_NOTE_EMAIL_FAILED,
    );
  };

  return (
    <Stack gap="lg" data-testid="invoices-panel">
      {owingBack.length > 0 ? (
        <Stack
          gap="sm"
          component="section"
          aria-labelledby="refunds-owed-title"
          data-testid="refunds-owed"
        >
          <Title order={3} id="refunds-owed-title">
            {QUOTES_TEXT.REFUNDS_OWED_TITLE}
          </Title>
          <Text size="sm" c="dimmed">
            {QUOTES_TEXT.refundsOwedIntro}
          </Text>
          {owingBack.map((invoice) => (
            <RefundOwedCard
              key={invoice.id}
              invoice={invoice}
              onRefund={() => setRefunding(invoice)}
            />
          ))}
        </Stack>
      ) : null}
      {toInvoice.length > 0 ? (
        <Stack gap="sm" component="section" aria-labelledby="to-invoice-title">
          <Title order={3} id="to-invoice-title">
            Ready to invoice
          </Title>
          {toInvoice.map((entry) => (
            <JobToInvoiceCard key={entry.job.id} entry={entry} onRaise={() => setRaising(entry)} />
          ))}
        </Stack>
      ) : null}

      <Stack gap="sm" component="section" aria-labelledby="invoices-title">
        <Title order={3} id="invoices-title">
          Tax invoices
        </Title>
        {billing === undefined ? <Loader size="sm" aria-label="Loading invoices" /> : null}
        {billing && invoices.length === 0 ? (
          <Text c="dimmed">{QUOTES_TEXT.NO_INVOICES}</Text>
        ) : null}
        {invoices.slice(0, shown).map((invoice) => (
          <InvoiceCard
            key={invoice.id}
            invoice={invoice}
            creditNotes={notesOf(invoice)}
            jobRef={invoice.jobId ? refs.get(invoice.jobId) : null}
            unsynced={unsynced.has(invoice.id)}
            busy={busy?.id === invoice.id ? busy.action : null}
            onAction={onAction}
            onNoteAction={onNoteAction}
          />
        ))}
        {invoices.length > shown ? (
          <Button variant="subtle" onClick={() => setShown(shown + PAGE)}>
            Show more invoices ({invoices.length - shown} more)
          </Button>
        ) : null}
      </Stack>

      <PaymentDialog
        target={
          paying
            ? {
                key: paying.id,
                title: `Invoice ${documentLabel(paying)} for ${paying.customerName}`,
                owedCents: balanceDue(paying),
              }
            : null
        }
        onClose={() => setPaying(null)}
        onSubmit={pay}
      />
      <PaymentDialog
        mode="refund"
        target={
          refunding
            ? {
                key: refunding.id,
                title: `Invoice ${documentLabel(refunding)} for ${refunding.customerName}`,
                owedCents: refundOwed(refunding),
              }
            : null
        }
        onClose={() => setRefunding(null)}
        onSubmit={refund}
      />
      <CreditNoteDialog invoice={crediting} onClose={() => setCrediting(null)} onSubmit={credit} />
      <InvoicePreview
        invoice={viewed}
        refs={refs}
        payments={billing?.payments ?? []}
        creditNotes={billing?.creditNotes ?? []}
        onClose={() => setViewing(null)}
      />
      <RaiseInvoiceDialog entry={raising} onClose={() => setRaising(null)} />
    </Stack>
  );
}

/** An invoice whose customer is owed money back, with what is owed and Record refund. */
function RefundOwedCard({ invoice, onRefund }: { invoice: Invoice; onRefund: () => void }) {
  return (
    <Card
      withBorder
      radius="md"
      padding="md"
      data-testid="refund-owed"
      data-invoice-id={invoice.id}
    >
      <Group justify="space-between" wrap="wrap" gap="sm">
        <Stack gap={2} style={{ minWidth: 0 }}>
          <Text fw={700}>{invoice.customerName}</Text>
          <Group gap={6}>
            <Text size="sm" c="dimmed">
              Invoice
            </Text>
            <DocumentRef row={invoice} size="sm" c="dimmed" />
          </Group>
        </Stack>
        <Group gap="sm" wrap="nowrap">
          <Text fw={800} c="grape.8">
            {formatCents(refundOwed(invoice))}
          </Text>
          <Button color="grape" leftSection={<IconArrowBackUp size={16} />} onClick={onRefund}>
            Record refund
          </Button>
        </Group>
      </Group>
    </Card>
  );
}

function JobToInvoiceCard({ entry, onRaise }: { entry: JobToInvoice; onRaise: () => void }) {
  const { job, quote } = entry;
  return (
    <Card withBorder radius="md" padding="md" data-testid="job-to-invoice" data-job-id={job.id}>
      <Group justify="space-between" wrap="wrap" gap="sm">
        <Stack gap={2} style={{ minWidth: 0 }}>
          <Text fw={700}>{job.customerName}</Text>
          <Text size="sm" c="dimmed">
            <DocumentRef row={job} size="sm" /> · {job.service} · completed · quote{' '}
            {documentRef(quote)}
          </Text>
        </Stack>
        <Group gap="sm" wrap="nowrap">
          <Text fw={800}>{formatCents(quote.finalPrice)}</Text>
          <Button leftSection={<IconFileInvoice size={16} />} onClick={onRaise}>
            Raise invoice
          </Button>
        </Group>
      </Group>
    </Card>
  );
}

/** Confirms the invoice of a completed job, with the buyer's ABN when they give one. */
function RaiseInvoiceDialog({
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
        QUOTES_TEXT.invoiceRaised(documentLabel({ id: outcome.invoiceId })),
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
