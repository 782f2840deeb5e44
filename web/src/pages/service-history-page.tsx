import { Container, Title } from '@mantine/core';
import { usePageTitle } from '../lib/use-page-title';

export function ServiceHistoryPage() {
  usePageTitle('Service History');
  return (
    <Container size="lg" py="xl">
      <Title order={1}>Service History</Title>
    </Container>
  );
}
