import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { Card, Container, Loader, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconAlertTriangle, IconCircleCheck, IconClockHour4 } from '@tabler/icons-react';
import { MESSAGES } from '@pilbara/shared-schema';
import { apiRequest, HttpError } from '../lib/http';
import { usePageTitle } from '../lib/use-page-title';

const CHECKOUT_SUCCESS_TEXTS = {
  checking: 'Checking your payment...',
  unknownTitle: 'We could not find this quote',
  unknown:
    'This payment link does not match a quote of ours, so nothing was charged through it. Check the link in your email, or call us.',
  pendingTitle: 'Payment being confirmed',
  pending:
    "Your card provider sent you back here, but has not confirmed the payment to us yet. You don't need to pay again: we'll email you once it is confirmed.",
  uncheckedTitle: 'We could not check your payment',
  unchecked:
    "We couldn't reach our server to confirm it just now. If your card provider showed the payment as done, it is: you'll get an email once we see it.",
};

type Outcome = 'checking' | 'paid' | 'pending' | 'unknown' | 'unchecked' | 'missing';

/**
 * The provider redirects here after confirming a payment. The page asks the server to settle
 * the quote (it checks with the provider itself, exactly once alongside the webhook) and says
 * what the server answers: paid (the spec's 'Payment Successful!'), not confirmed yet, or — for
 * a quote the server does not know — that it does not know it, never "successful".
 */
function useSettlePayment(quoteId: string | null, token: string | null): Outcome {
  const [outcome, setOutcome] = useState<Outcome>(quoteId ? 'checking' : 'missing');
  useEffect(() => {
    if (!quoteId) return;
    let live = true;
    apiRequest<{ paid?: boolean }>(`/api/quotes/${encodeURIComponent(quoteId)}/confirm-payment`, {
      method: 'POST',
      // The pay link's token proves the quote (docs/security.md); a JSON body is always sent.
      body: token ? { token } : {},
    }).then(
      (answer) => live && setOutcome(answer?.paid ? 'paid' : 'pending'),
      (error: unknown) =>
        live &&
        setOutcome(error instanceof HttpError && error.status === 404 ? 'unknown' : 'unchecked'),
    );
    return () => {
      live = false;
    };
  }, [quoteId, token]);
  return outcome;
}

export function CheckoutSuccessPage() {
  usePageTitle('Payment Successful');
  const [params] = useSearchParams();
  const quoteId = params.get('quote_id');
  const outcome = useSettlePayment(quoteId, params.get('token'));

  const view = {
    checking: { icon: null, colour: 'gray', title: CHECKOUT_SUCCESS_TEXTS.checking, lines: [] },
    paid: {
      icon: <IconCircleCheck size={40} />,
      colour: 'green',
      title: 'Payment Successful!',
      lines: [
        'Thank you for your payment. Your quote has been accepted.',
        'You can close this window and return to the main page.',
      ],
    },
    pending: {
      icon: <IconClockHour4 size={40} />,
      colour: 'ochre',
      title: CHECKOUT_SUCCESS_TEXTS.pendingTitle,
      lines: [CHECKOUT_SUCCESS_TEXTS.pending],
    },
    unknown: {
      icon: <IconAlertTriangle size={40} />,
      colour: 'red',
      title: CHECKOUT_SUCCESS_TEXTS.unknownTitle,
      lines: [CHECKOUT_SUCCESS_TEXTS.unknown],
    },
    unchecked: {
      icon: <IconAlertTriangle size={40} />,
      colour: 'ochre',
      title: CHECKOUT_SUCCESS_TEXTS.uncheckedTitle,
      lines: [CHECKOUT_SUCCESS_TEXTS.unchecked],
    },
    missing: {
      icon: <IconAlertTriangle size={40} />,
      colour: 'red',
      title: MESSAGES.INVALID_PAYMENT_LINK_TITLE,
      lines: [MESSAGES.INVALID_PAYMENT_LINK_DESCRIPTION],
    },
  }[outcome];

  return (
    <Container size={560} py="xl" px={{ base: 'sm', sm: 'md' }}>
      <Card withBorder radius="md" padding="xl">
        <Stack align="center" ta="center" gap="sm" aria-live="polite">
          {view.icon ? (
            <ThemeIcon size={64} radius="xl" color={view.colour} variant="light" aria-hidden>
              {view.icon}
            </ThemeIcon>
          ) : (
            <Loader aria-hidden />
          )}
          <Title order={1} size="h2">
            {view.title}
          </Title>
          {view.lines.map((line) => (
            <Text key={line}>{line}</Text>
          ))}
          {quoteId && outcome !== 'unknown' ? (
            <Text size="sm" c="dimmed">
              Quote{' '}
              <Text span ff="monospace">
                {quoteId}
              </Text>
            </Text>
          ) : null}
        </Stack>
      </Card>
    </Container>
  );
}
