import { Container, Title } from '@mantine/core';
import { usePageTitle } from '../lib/use-page-title';

export function ServiceAreasPage() {
  usePageTitle('Service Areas');
  return (
    <Container size="lg" py="xl">
      <Title order={1}>Service Areas</Title>
    </Container>
  );
}
