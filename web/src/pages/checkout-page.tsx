/**
 * The pay page (checkout): a quote's pay link opens it. It says first what is owed and
 * against which number, then how to pay: the card form when card payment is set up, and always
 * the bank transfer details with that number as the reference, so a customer is never left at a
 * "contact us" with no amount and no account to pay into.
 */
import { useEffect } from 'react';
import { useSearchParams } from 'react-router-dom';
import {
  Alert,
  Box,
  Button,
  Card,
  Center,
  Container,
  Group,
  Loader,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconAlertTriangle, IconCircleCheck, IconLock, IconWifiOff } from '@tabler/icons-react';
import {
  MESSAGES,
  TOAST_DURATIONS,
  formatCents,
  formatDate,
  paymentInstructions,
  type PaySummary,
} from '@pilbara/shared-schema';
import { telHref } from '../lib/format';
import { usePageTitle } from '../lib/use-page-title';
import { useHydrated } from '../lib/hydration';
import { PaymentDetails } from '../components/payment-details';
import { CallLineButtons } from '../components/call-map-buttons';
import { useOperators, useProfile } from '../components/profile-provider';
import { useCardPayment } from '../features/public-forms/payment/use-card-payment';
import { usePaySummary } from '../features/public-forms/payment/use-pay-summary';

const KIND_LABELS: Record<PaySummary['kind'], string> = {
  quote: 'Quote',
  invoice: 'Tax invoice',
};

function toast(title: string, message: string) {
  notifications.show({ title, message, color: 'red', autoClose: TOAST_DURATIONS.default });
}

/** What is owed and against which number: the first thing the page says. */
function AmountDue({ summary }: { summary: PaySummary }) {
  const settled = summary.state === 'paid';
  return (
    <Stack gap={4} data-testid="pay-summary">
      <Text size="sm">
        {KIND_LABELS[summary.kind]}{' '}
        <Text span ff="monospace" fw={700} data-testid="pay-reference">
          {summary.reference}
        </Text>
        {summary.service ? ` · ${summary.service}` : ''}
      </Text>
      <Group gap="xs" align="baseline">
        <Text size="sm" c="dimmed">
          {settled ? 'Paid' : 'Amount due'}
        </Text>
        <Text fz={28} fw={800} data-testid="pay-amount">
          {formatCents(settled ? summary.totalCents : summary.amountDueCents)}
        </Text>
      </Group>
      <Text size="xs" c="dimmed">
        Including GST
      </Text>
    </Stack>
  );
}

export function CheckoutPage() {
  usePageTitle('Complete Payment');
  const [params] = useSearchParams();
  // The link's quote is read once the page runs: the pre-rendered page has no query, and its
  // hydration must draw what that page drew (a loader), not "invalid link".
  const hydrated = useHydrated();
  const quoteId = hydrated ? params.get('quote')?.trim() || null : null;
  const invalidLink = hydrated && !quoteId;
  const token = params.get('token')?.trim() || null;
  const profile = useProfile();
  const { main, second } = useOperators();
  const summaryState = usePaySummary(quoteId, token);
  const summary = summaryState.status === 'found' ? summaryState.summary : null;
  const payable = summary?.state === 'payable' && summary.amountDueCents > 0;
  const { state, elementReady, processing, pay, mountPoint } = useCardPayment(
    quoteId,
    token,
    Boolean(payable && summary?.cardPayments),
  );

  useEffect(() => {
    if (invalidLink)
      toast(MESSAGES.INVALID_PAYMENT_LINK_TITLE, MESSAGES.INVALID_PAYMENT_LINK_DESCRIPTION);
  }, [invalidLink]);
  useEffect(() => {
    if (state.status === 'setup-failed')
      toast(MESSAGES.PAYMENT_SETUP_FAILED_TITLE, MESSAGES.PAYMENT_SETUP_FAILED_DESCRIPTION);
  }, [state.status]);

  const onPay = async () => {
    const result = await pay();
    if (result.status === 'failed') toast(MESSAGES.PAYMENT_FAILED_TITLE, result.message);
    if (result.status === 'error')
      toast(MESSAGES.PAYMENT_ERROR_TITLE, MESSAGES.PAYMENT_ERROR_DESCRIPTION);
  };

  const lines = [main, ...(second ? [second] : [])].map(({ name, phone }) => ({ name, phone }));
  const cardOffered = payable && summary?.cardPayments && state.status !== 'not-configured';

  return (
    <Container size={560} py="xl" px={{ base: 'sm', sm: 'md' }}>
      <Card withBorder radius="md" padding="lg">
        <Stack gap="md">
          <Stack gap={4}>
            <Title order={1} size="h2">
              Complete Payment
            </Title>
            <Text c="dimmed">Secure payment for your service quote</Text>
          </Stack>

          {invalidLink ? (
            <Alert
              color="red"
              icon={<IconAlertTriangle />}
              title={MESSAGES.INVALID_PAYMENT_LINK_TITLE}
            >
              {MESSAGES.INVALID_PAYMENT_LINK_DESCRIPTION}
            </Alert>
          ) : null}

          {!invalidLink && summaryState.status === 'loading' ? (
            <Center py="xl">
              <Loader aria-label="Reading what is owed" />
            </Center>
          ) : null}

          {summaryState.status === 'not-found' || summaryState.status === 'failed' ? (
            <Alert
              color="red"
              icon={<IconAlertTriangle />}
              title={MESSAGES.INVALID_PAYMENT_LINK_TITLE}
              data-testid="pay-link-unknown"
            >
              This pay link does not match a quote of ours. Check the link in your email or text, or
              call us.
            </Alert>
          ) : null}

          {summaryState.status === 'offline' ? (
            <Alert color="ochre" icon={<IconWifiOff />} title="No signal" role="status">
              {MESSAGES.PAY_OFFLINE}
            </Alert>
          ) : null}

          {summary ? <AmountDue summary={summary} /> : null}

          {summary?.state === 'paid' ? (
            <Alert color="green" icon={<IconCircleCheck />} title="Paid" data-testid="pay-settled">
              {MESSAGES.PAY_NOTHING_OWED}
            </Alert>
          ) : null}
          {summary?.expired ? (
            <Alert
              color="orange"
              variant="light"
              icon={<IconAlertTriangle size={18} />}
              title="This quote has expired"
              data-testid="quote-expired"
            >
              <Stack gap="sm">
                <Text size="sm">
                  {MESSAGES.quoteExpired(
                    summary.validUntil ? formatDate(summary.validUntil) : 'its date',
                    main.phone,
                  )}
                </Text>
                <Button component="a" href={telHref(main.phone)} variant="filled" color="orange">
                  Call {main.phone}
                </Button>
              </Stack>
            </Alert>
          ) : null}
          {summary?.state === 'not-payable' && !summary.expired ? (
            <Alert color="ochre" icon={<IconAlertTriangle />} title="Not payable online">
              {MESSAGES.PAY_NOT_PAYABLE}
            </Alert>
          ) : null}

          {payable && !cardOffered ? (
            <Alert
              color="ochre"
              icon={<IconAlertTriangle />}
              title="Pay by bank transfer"
              data-testid="card-not-set-up"
            >
              {MESSAGES.CARD_PAYMENTS_NOT_SET_UP}
            </Alert>
          ) : null}

          {cardOffered && state.status === 'setup-failed' ? (
            <Alert
              color="red"
              icon={<IconAlertTriangle />}
              title={MESSAGES.PAYMENT_SETUP_FAILED_TITLE}
            >
              {MESSAGES.PAYMENT_SETUP_FAILED_DESCRIPTION}
            </Alert>
          ) : null}
          {cardOffered && state.status === 'loading' ? (
            <Center py="xl">
              <Loader aria-label="Setting up secure payment" />
            </Center>
          ) : null}

          {cardOffered && state.status === 'ready-to-mount' ? (
            <>
              <Box
                ref={mountPoint}
                mih={elementReady ? undefined : 120}
                data-testid="payment-element"
              />
              {!elementReady ? (
                <Center>
                  <Loader size="sm" aria-label="Loading the card form" />
                </Center>
              ) : null}
              <Button
                size="md"
                mih={48}
                leftSection={<IconLock size={18} />}
                disabled={!elementReady || processing}
                onClick={() => void onPay()}
              >
                {processing ? 'Processing...' : 'Pay Now'}
              </Button>
              <Text size="xs" c="dimmed" ta="center">
                Card details go straight to our payment provider; we never see or store them.
              </Text>
            </>
          ) : null}

          {payable && summary ? (
            <PaymentDetails instructions={paymentInstructions(profile, summary.reference)} />
          ) : null}

          {quoteId && summaryState.status !== 'loading' && summary?.state !== 'paid' ? (
            <Stack gap="xs">
              <Text size="sm" fw={600}>
                Questions about paying? Call us, 24/7
              </Text>
              <CallLineButtons lines={lines} iconSize={18} variant="outline" mih={48} />
            </Stack>
          ) : null}
        </Stack>
      </Card>
    </Container>
  );
}
