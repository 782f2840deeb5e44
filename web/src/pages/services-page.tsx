import { Container, Title } from '@mantine/core';
import { usePageTitle } from '../lib/use-page-title';

export function ServicesPage() {
  usePageTitle('Services');
  return (
    <Container size="lg" py="xl">
      <Title order={1}>Services</Title>
    </Container>
  );
}
