import { useEffect } from 'react';
import { useSearchParams } from 'react-router-dom';
import {
  Alert,
  Box,
  Button,
  Card,
  Center,
  Container,
  Loader,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconAlertTriangle, IconLock } from '@tabler/icons-react';
import { DATE_FORMATS, MESSAGES, TOAST_DURATIONS, formatPerth } from '@pilbara/shared-schema';
import { useOperators } from '../components/profile-provider';
import { telHref } from '../lib/format';
import { usePageTitle } from '../lib/use-page-title';
import { useCardPayment } from '../features/public-forms/payment/use-card-payment';

function toast(title: string, message: string) {
  notifications.show({ title, message, color: 'red', autoClose: TOAST_DURATIONS.default });
}

export function CheckoutPage() {
  usePageTitle('Complete Payment');
  const [params] = useSearchParams();
  const quoteId = params.get('quote')?.trim() || null;
  const token = params.get('token')?.trim() || null;
  const { state, elementReady, processing, pay, mountPoint } = useCardPayment(quoteId, token);
  const { main } = useOperators();

  useEffect(() => {
    if (state.status === 'invalid-link')
      toast(MESSAGES.INVALID_PAYMENT_LINK_TITLE, MESSAGES.INVALID_PAYMENT_LINK_DESCRIPTION);
    if (state.status === 'setup-failed')
      toast(MESSAGES.PAYMENT_SETUP_FAILED_TITLE, MESSAGES.PAYMENT_SETUP_FAILED_DESCRIPTION);
  }, [state.status]);

  const onPay = async () => {
    const result = await pay();
    if (result.status === 'failed') toast(MESSAGES.PAYMENT_FAILED_TITLE, result.message);
    if (result.status === 'error')
      toast(MESSAGES.PAYMENT_ERROR_TITLE, MESSAGES.PAYMENT_ERROR_DESCRIPTION);
  };

  return (
    <Container size={560} py="xl" px={{ base: 'sm', sm: 'md' }}>
      <Card withBorder radius="md" padding="lg">
        <Stack gap="md">
          <Stack gap={4}>
            <Title order={1} size="h2">
              Complete Payment
            </Title>
            <Text c="dimmed">Secure payment for your service quote</Text>
            {quoteId ? (
              <Text size="sm">
                Quote{' '}
                <Text span ff="monospace" fw={600}>
                  {quoteId}
                </Text>
              </Text>
            ) : null}
          </Stack>

          {state.status === 'invalid-link' ? (
            <Alert
              color="red"
              icon={<IconAlertTriangle />}
              title={MESSAGES.INVALID_PAYMENT_LINK_TITLE}
            >
              {MESSAGES.INVALID_PAYMENT_LINK_DESCRIPTION}
            </Alert>
          ) : null}
          {state.status === 'expired' ? (
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
                    state.validUntil
                      ? formatPerth(state.validUntil, DATE_FORMATS.date)
                      : 'its date',
                    main.phone,
                  )}
                </Text>
                <Button component="a" href={telHref(main.phone)} variant="filled" color="orange">
                  Call {main.phone}
                </Button>
              </Stack>
            </Alert>
          ) : null}
          {state.status === 'not-configured' ? (
            <Alert
              color="ochre"
              icon={<IconAlertTriangle />}
              title="Card payment unavailable"
              data-testid="card-not-set-up"
            >
              {MESSAGES.CARD_PAYMENTS_NOT_SET_UP}
            </Alert>
          ) : null}
          {state.status === 'setup-failed' ? (
            <Alert
              color="red"
              icon={<IconAlertTriangle />}
              title={MESSAGES.PAYMENT_SETUP_FAILED_TITLE}
            >
              {MESSAGES.PAYMENT_SETUP_FAILED_DESCRIPTION}
            </Alert>
          ) : null}
          {state.status === 'loading' ? (
            <Center py="xl">
              <Loader aria-label="Setting up secure payment" />
            </Center>
          ) : null}

          {state.status === 'ready-to-mount' ? (
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
        </Stack>
      </Card>
    </Container>
  );
}
