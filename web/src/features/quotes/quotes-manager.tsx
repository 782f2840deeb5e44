/**
 * The quotes manager (spec staff §2 "Quotes manager", hosted by the admin panel's Quotes & Billing
 * tab): tiles, Pricing Structure, the New/Edit Quote form and Recent Quotes with their actions.
 *
 * Saving, status changes, duplicates and deletes are sync mutations, so they work offline and
 * show at once. Email, PDF and payments need the server; they check for a connection first and
 * say so when there is none. Emailing never changes the status here: the server marks the quote
 * sent after its mailer succeeded, and sync brings that back.
 */
import { useCallback, useEffect, useState } from 'react';
import { Button, Grid, Group, Loader, Modal, Stack, Text, Title } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import {
  MESSAGES,
  documentRef,
  jobIdOfQuote,
  quotePdfFilename,
  type Invoice,
  type Quote,
  type QuoteStatus,
  documentNumber,
} from '@pilbara/shared-schema';
import { mintId, mutate } from '../../sync';
import { acceptQuote, amountOwed, payQuote, type PaymentDetails } from './billing-actions';
import { PaymentDialog } from './payment-dialog';
import { PricingStructure } from './pricing-structure';
import { usePriceTable } from '../../components/accounts/account-data';
import { QuoteCard, type QuoteCardAction } from './quote-card';
import { QuoteForm } from './quote-form';
import { emptyQuoteForm, quoteToForm, toSaveArgs, type QuoteFormValues } from './quote-form-model';
import { QuotePreview } from './quote-preview';
import { QuoteTiles } from './quote-tiles';
import {
  OfflineError,
  browserOffline,
  fetchCardPaymentsEnabled,
  fetchQuotePdf,
  openCheckoutWindow,
  reasonOf,
  saveBlob,
  renewQuote,
  sendQuoteEmail,
} from './quotes-api';
import { tellOutcome, toast } from './feedback';
import { QUOTES_TEXT } from './quotes-text';
import { invoicesByQuote, useBillingRows, useDocumentRefs } from './use-billing';
import { usePendingQuoteIds, useQuotes } from './use-quotes';

type Editor = { mode: 'new'; key: number } | { mode: 'edit'; key: number; quote: Quote };

function offlineToast(message: string) {
  toast('info', QUOTES_TEXT.NEEDS_CONNECTION_TITLE, message);
}

/**
 * The current time at each render, with a re-render every minute so days-left stays right on a
 * screen left open. Read at render (not kept in state) so a quote saved a moment ago never
 * counts from an instant before it was made.
 */
function useNow(): string {
  const [, setTick] = useState(0);
  useEffect(() => {
    const timer = window.setInterval(() => setTick((tick) => tick + 1), 60_000);
    return () => window.clearInterval(timer);
  }, []);
  return new Date().toISOString();
}

export function QuotesManager() {
  const quotes = useQuotes();
  const defaultPrices = usePriceTable(null);
  const unsynced = usePendingQuoteIds();
  const billing = useBillingRows();
  const refs = useDocumentRefs();
  /** The number of the job an automatic quote was made for. */
  const jobRefOf = (quote: Quote) => {
    const job = jobIdOfQuote(quote);
    return job ? refs.get(job) : undefined;
  };
  const standing = invoicesByQuote(billing?.invoices ?? []);
  const now = useNow();
  const [editor, setEditor] = useState<Editor | null>(null);
  const [preview, setPreview] = useState<Quote | null>(null);
  const [deleting, setDeleting] = useState<Quote | null>(null);
  const [recording, setRecording] = useState<{
    quote: Quote;
    invoice: Invoice | undefined;
    cardNotSetUp: boolean;
  } | null>(null);
  const [busy, setBusy] = useState<{ id: string; action: QuoteCardAction } | null>(null);

  const openNew = () => setEditor({ mode: 'new', key: Date.now() });

  const save = useCallback(
    async (values: QuoteFormValues): Promise<boolean> => {
      const editing = editor?.mode === 'edit' ? editor.quote : null;
      let id: string;
      try {
        id = editing ? editing.id : String(await mintId('Q'));
      } catch (error) {
        toast(
          'error',
          MESSAGES.quoteCreateFailed(error instanceof Error ? error.message : undefined),
        );
        return false;
      }
      // The quote as this screen showed it goes along, so the server merges this edit with
      // anything another owner changed meanwhile instead of replacing it (rules/merge.ts).
      const base = editing ? { ...editing } : undefined;
      const result = await mutate('quote.save', { ...toSaveArgs(values, id), base });
      if (!result.ok) {
        toast(
          'error',
          editing ? MESSAGES.QUOTE_UPDATE_FAILED : MESSAGES.quoteCreateFailed(result.message),
          editing ? result.message : undefined,
        );
        return false;
      }
      toast(
        'success',
        editing ? MESSAGES.QUOTE_UPDATED : MESSAGES.QUOTE_CREATED,
        browserOffline() ? QUOTES_TEXT.savedOffline : id,
      );
      setEditor(null);
      return true;
    },
    [editor],
  );

  const setStatus = async (quote: Quote, status: QuoteStatus) => {
    const result = await mutate('quote.setStatus', { id: quote.id, status });
    if (result.ok) toast('success', MESSAGES.quoteStatusChanged(status));
    else toast('error', MESSAGES.QUOTE_UPDATE_FAILED, result.message);
  };

  /** Accepting a quote raises its tax invoice in the same step. */
  const accept = (quote: Quote) =>
    tellOutcome(
      () => acceptQuote(quote),
      MESSAGES.QUOTE_UPDATE_FAILED,
      (invoiceId) => [
        MESSAGES.quoteStatusChanged('accepted'),
        QUOTES_TEXT.invoiceRaised(documentRef({ id: invoiceId })),
      ],
    );

  const email = async (quote: Quote) => {
    if (browserOffline()) return offlineToast(QUOTES_TEXT.emailNeedsConnection);
    if (unsynced.has(quote.id))
      return toast('info', QUOTES_TEXT.NOT_SYNCED_TITLE, QUOTES_TEXT.notSynced);
    if (!quote.customerEmail)
      return toast('error', MESSAGES.QUOTE_EMAIL_FAILED, QUOTES_TEXT.noEmail);
    try {
      await sendQuoteEmail(quote.id);
      toast('success', MESSAGES.QUOTE_EMAILED);
    } catch (error) {
      if (error instanceof OfflineError) return offlineToast(QUOTES_TEXT.emailNeedsConnection);
      toast('error', MESSAGES.QUOTE_EMAIL_FAILED, reasonOf(error) ?? MESSAGES.EMAIL_SENDING_FAILED);
    }
  };

  const renew = async (quote: Quote) => {
    if (browserOffline()) return offlineToast(QUOTES_TEXT.emailNeedsConnection);
    try {
      await renewQuote(quote.id);
      toast('success', MESSAGES.QUOTE_RENEWED_TITLE, QUOTES_TEXT.renewed);
    } catch (error) {
      if (error instanceof OfflineError) return offlineToast(QUOTES_TEXT.emailNeedsConnection);
      toast('error', MESSAGES.QUOTE_EMAIL_FAILED, reasonOf(error) ?? MESSAGES.EMAIL_SENDING_FAILED);
    }
  };

  const downloadPdf = async (quote: Quote) => {
    if (browserOffline()) return offlineToast(QUOTES_TEXT.pdfNeedsConnection);
    if (unsynced.has(quote.id))
      return toast('info', QUOTES_TEXT.NOT_SYNCED_TITLE, QUOTES_TEXT.notSynced);
    try {
      saveBlob(await fetchQuotePdf(quote.id), quotePdfFilename(documentRef(quote)));
      toast('success', MESSAGES.QUOTE_PDF_DOWNLOADED);
    } catch (error) {
      if (error instanceof OfflineError) return offlineToast(QUOTES_TEXT.pdfNeedsConnection);
      toast('error', MESSAGES.PDF_DOWNLOAD_FAILED, reasonOf(error));
    }
  };

  const payNow = async (quote: Quote) => {
    if (browserOffline()) return offlineToast(QUOTES_TEXT.paymentNeedsConnection);
    if (unsynced.has(quote.id))
      return toast('info', QUOTES_TEXT.NOT_SYNCED_TITLE, QUOTES_TEXT.notSynced);
    let cardsEnabled: boolean;
    try {
      cardsEnabled = await fetchCardPaymentsEnabled();
    } catch (error) {
      if (error instanceof OfflineError) return offlineToast(QUOTES_TEXT.paymentNeedsConnection);
      return toast(
        'error',
        MESSAGES.QUOTE_PAYMENT_FAILED_TITLE,
        MESSAGES.QUOTE_PAYMENT_FAILED_DESCRIPTION,
      );
    }
    if (!cardsEnabled) {
      setRecording({ quote, invoice: standing.get(quote.id), cardNotSetUp: true });
      return;
    }
    if (openCheckoutWindow(documentNumber(quote) ?? quote.id))
      toast('success', MESSAGES.PAYMENT_WINDOW_OPENED);
    else toast('error', MESSAGES.QUOTE_PAYMENT_FAILED_TITLE, QUOTES_TEXT.POPUP_BLOCKED);
  };

  /** Cash, card on site or a transfer for a quote: its invoice is raised if need be. Offline too. */
  const recordPayment = async (details: PaymentDetails): Promise<boolean> => {
    if (!recording) return false;
    return tellOutcome(
      () => payQuote(recording.quote, recording.invoice, details),
      MESSAGES.QUOTE_PAYMENT_FAILED_TITLE,
      (invoiceId) => [
        MESSAGES.PAYMENT_RECORDED_TITLE,
        browserOffline()
          ? QUOTES_TEXT.savedOffline
          : QUOTES_TEXT.paymentRecorded(
              documentRef(recording.quote),
              documentRef({ id: invoiceId }),
            ),
      ],
      MESSAGES.QUOTE_PAYMENT_FAILED_DESCRIPTION,
    );
  };

  const duplicate = async (quote: Quote) => {
    let id: string;
    try {
      id = String(await mintId('Q'));
    } catch (error) {
      return toast(
        'error',
        MESSAGES.quoteCreateFailed(error instanceof Error ? error.message : undefined),
      );
    }
    const result = await mutate('quote.duplicate', { sourceId: quote.id, id });
    if (result.ok)
      toast(
        'success',
        QUOTES_TEXT.QUOTE_DUPLICATED,
        QUOTES_TEXT.quoteDuplicated(documentRef({ id })),
      );
    else toast('error', MESSAGES.quoteCreateFailed(result.message));
  };

  const confirmDelete = async () => {
    const quote = deleting;
    if (!quote) return;
    setDeleting(null);
    const result = await mutate('quote.delete', { id: quote.id });
    if (result.ok) {
      toast('success', MESSAGES.QUOTE_DELETED);
      if (editor?.mode === 'edit' && editor.quote.id === quote.id) setEditor(null);
    } else toast('error', MESSAGES.QUOTE_DELETE_FAILED, result.message);
  };

  const run = async (action: QuoteCardAction, quote: Quote, work: () => Promise<unknown>) => {
    setBusy({ id: quote.id, action });
    try {
      await work();
    } finally {
      setBusy(null);
    }
  };

  const onAction = (action: QuoteCardAction, quote: Quote) => {
    switch (action) {
      case 'edit':
        setEditor({ mode: 'edit', key: Date.now(), quote });
        window.scrollTo?.({ top: 0, behavior: 'smooth' });
        return;
      case 'preview':
        setPreview(quote);
        return;
      case 'delete':
        setDeleting(quote);
        return;
      case 'recordPayment':
        setRecording({ quote, invoice: standing.get(quote.id), cardNotSetUp: false });
        return;
      case 'email':
        void run(action, quote, () => email(quote));
        return;
      case 'renew':
        void run(action, quote, () => renew(quote));
        return;
      case 'accept':
        void run(action, quote, () => accept(quote));
        return;
      case 'reject':
        void run(action, quote, () => setStatus(quote, 'rejected'));
        return;
      case 'payNow':
        void run(action, quote, () => payNow(quote));
        return;
      case 'duplicate':
        void run(action, quote, () => duplicate(quote));
        return;
      case 'downloadPdf':
        void run(action, quote, () => downloadPdf(quote));
        return;
    }
  };

  return (
    <Stack gap="lg" data-testid="quotes-manager">
      <Group justify="space-between" align="center">
        <Title order={2}>Quotes</Title>
        {editor ? null : (
          <Button leftSection={<IconPlus size={18} />} onClick={openNew}>
            New Quote
          </Button>
        )}
      </Group>

      <QuoteTiles quotes={quotes ?? []} />

      <Grid gap="lg">
        <Grid.Col span={{ base: 12, md: 8 }}>
          <Stack gap="lg">
            {editor ? (
              <QuoteForm
                key={editor.key}
                quote={editor.mode === 'edit' ? editor.quote : undefined}
                initialValues={
                  editor.mode === 'edit' ? quoteToForm(editor.quote, now) : emptyQuoteForm()
                }
                onSave={save}
                onCancel={() => setEditor(null)}
              />
            ) : null}

            <Stack gap="sm" component="section" aria-labelledby="recent-quotes-title">
              <Title order={3} id="recent-quotes-title">
                Recent Quotes
              </Title>
              {quotes === undefined ? <Loader size="sm" aria-label="Loading quotes" /> : null}
              {quotes?.length === 0 ? <Text c="dimmed">{QUOTES_TEXT.NO_QUOTES}</Text> : null}
              {quotes?.map((quote) => (
                <QuoteCard
                  key={quote.id}
                  quote={quote}
                  now={now}
                  unsynced={unsynced.has(quote.id)}
                  invoice={standing.get(quote.id)}
                  jobRef={jobRefOf(quote)}
                  busy={busy?.id === quote.id ? busy.action : null}
                  onAction={onAction}
                />
              ))}
            </Stack>
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 4 }}>
          <PricingStructure prices={defaultPrices} />
        </Grid.Col>
      </Grid>

      <QuotePreview quote={preview} onClose={() => setPreview(null)} />
      <PaymentDialog
        target={
          recording
            ? {
                key: recording.quote.id,
                title: recording.invoice
                  ? `Invoice ${documentRef(recording.invoice)} for ${recording.quote.customerName}`
                  : `Quote ${documentRef(recording.quote)} for ${recording.quote.customerName}`,
                owedCents: amountOwed(recording.quote, recording.invoice),
              }
            : null
        }
        cardNotSetUp={recording?.cardNotSetUp ?? false}
        onClose={() => setRecording(null)}
        onSubmit={recordPayment}
      />
      <Modal
        opened={deleting !== null}
        onClose={() => setDeleting(null)}
        title={QUOTES_TEXT.DELETE_TITLE}
      >
        {deleting ? (
          <Stack>
            <Text>{QUOTES_TEXT.deleteQuestion(documentRef(deleting), deleting.customerName)}</Text>
            <Group justify="flex-end">
              <Button variant="default" onClick={() => setDeleting(null)}>
                Cancel
              </Button>
              <Button color="red" onClick={() => void confirmDelete()}>
                Delete
              </Button>
            </Group>
          </Stack>
        ) : null}
      </Modal>
    </Stack>
  );
}
