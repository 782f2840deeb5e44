import { Container, Title } from '@mantine/core';
import { usePageTitle } from '../lib/use-page-title';

export function CheckoutPage() {
  usePageTitle('Complete Payment');
  return (
    <Container size="lg" py="xl">
      <Title order={1}>Complete Payment</Title>
    </Container>
  );
}
