import { Container, Title } from '@mantine/core';
import { usePageTitle } from '../lib/use-page-title';

export function PricingPage() {
  usePageTitle('Pricing');
  return (
    <Container size="lg" py="xl">
      <Title order={1}>Pricing</Title>
    </Container>
  );
}
