/**
 * The Invoices view of the Quotes & Billing tab: refunds owed (a credit note left a paid invoice
 * in credit), completed jobs waiting for their tax invoice (raised by hand from the
 * job's quote), and every invoice with its payments and credit notes. Raising, paying, crediting
 * and refunding are sync mutations that work offline; the PDFs and emails need the server and
 * say so when there is no connection.
 */
import { useState } from 'react';
import { Button, Loader, Stack, Text, Title } from '@mantine/core';
import {
  MESSAGES,
  balanceDue,
  creditNotePdfFilename,
  documentRef,
  formatCents,
  invoicePdfFilename,
  isProvisional,
  refundOwed,
  type CreditNote,
  type Invoice,
} from '@pilbara/shared-schema';
import { HeadingWithHint } from '../../components/heading-with-hint';
import { issueCredit, recordPayment, recordRefund, type PaymentDetails } from './billing-actions';
import { CreditNoteDialog } from './credit-note-dialog';
import { InvoiceCard, type CreditNoteAction, type InvoiceCardAction } from './invoice-card';
import { InvoicePreview } from './invoice-preview';
import { JobToInvoiceCard, RefundOwedCard } from './invoice-queue-cards';
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
import { tellOutcome, toast } from './feedback';
import { QUOTES_TEXT } from './quotes-text';
import { RaiseInvoiceDialog } from './raise-invoice-dialog';
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
    return tellOutcome(
      () => recordPayment(paying.id, details),
      MESSAGES.QUOTE_PAYMENT_FAILED_TITLE,
      () => [
        MESSAGES.PAYMENT_RECORDED_TITLE,
        browserOffline()
          ? QUOTES_TEXT.savedOffline
          : QUOTES_TEXT.invoicePaymentRecorded(documentRef(paying)),
      ],
    );
  };

  const refund = async (details: PaymentDetails): Promise<boolean> => {
    if (!refunding) return false;
    return tellOutcome(
      () => recordRefund(refunding.id, details),
      MESSAGES.REFUND_FAILED_TITLE,
      () => [
        MESSAGES.REFUND_RECORDED_TITLE,
        browserOffline()
          ? QUOTES_TEXT.savedOffline
          : QUOTES_TEXT.refundRecorded(formatCents(details.amount), documentRef(refunding)),
      ],
    );
  };

  const credit = (invoice: Invoice, amount: number, reason: string): Promise<boolean> =>
    tellOutcome(
      () => issueCredit(invoice.id, amount, reason),
      MESSAGES.CREDIT_NOTE_ISSUED_TITLE,
      () => [
        MESSAGES.CREDIT_NOTE_ISSUED_TITLE,
        QUOTES_TEXT.creditIssued(formatCents(amount), documentRef(invoice)),
      ],
    );

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
          <HeadingWithHint
            order={3}
            id="refunds-owed-title"
            title={QUOTES_TEXT.REFUNDS_OWED_TITLE}
            hint={QUOTES_TEXT.refundsOwedIntro}
            gap="sm"
          />
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
                title: `Invoice ${documentRef(paying)} for ${paying.customerName}`,
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
                title: `Invoice ${documentRef(refunding)} for ${refunding.customerName}`,
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
