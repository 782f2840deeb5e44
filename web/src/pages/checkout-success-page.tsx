import { useEffect } from 'react';
import { useSearchParams } from 'react-router-dom';
import { Card, Container, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconCircleCheck } from '@tabler/icons-react';
import { apiRequest } from '../lib/http';
import { usePageTitle } from '../lib/use-page-title';

/**
 * The provider only redirects here after it confirmed the payment. Ask the server to settle the
 * quote now (it checks with the provider itself, exactly once alongside the webhook), so staff
 * see it accepted even when the webhook is late. Failure is harmless: the webhook still settles.
 */
function useSettlePayment(quoteId: string | null, token: string | null): void {
  useEffect(() => {
    if (!quoteId) return;
    apiRequest(`/api/quotes/${encodeURIComponent(quoteId)}/confirm-payment`, {
      method: 'POST',
      body: token ? { token } : {},
    }).catch(() => undefined);
  }, [quoteId, token]);
}

export function CheckoutSuccessPage() {
  usePageTitle('Payment Successful');
  const [params] = useSearchParams();
  const quoteId = params.get('quote_id');
  useSettlePayment(quoteId, params.get('token'));
  return (
    <Container size={560} py="xl" px={{ base: 'sm', sm: 'md' }}>
      <Card withBorder radius="md" padding="xl">
        <Stack align="center" ta="center" gap="sm">
          <ThemeIcon size={64} radius="xl" color="green" variant="light" aria-hidden>
            <IconCircleCheck size={40} />
          </ThemeIcon>
          <Title order={1} size="h2">
            Payment Successful!
          </Title>
          <Text>Thank you for your payment. Your quote has been accepted.</Text>
          {quoteId ? (
            <Text size="sm" c="dimmed">
              Quote{' '}
              <Text span ff="monospace">
                {quoteId}
              </Text>
            </Text>
          ) : null}
          <Text c="dimmed">You can close this window and return to the main page.</Text>
        </Stack>
      </Card>
    </Container>
  );
}
