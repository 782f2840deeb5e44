import { Container, Title } from '@mantine/core';
import { usePageTitle } from '../lib/use-page-title';

export function CheckoutSuccessPage() {
  usePageTitle('Payment Successful!');
  return (
    <Container size="lg" py="xl">
      <Title order={1}>Payment Successful!</Title>
    </Container>
  );
}
