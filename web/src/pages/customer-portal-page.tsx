import { Container, Title } from '@mantine/core';
import { usePageTitle } from '../lib/use-page-title';

export function CustomerPortalPage() {
  usePageTitle('Track Your Job');
  return (
    <Container size="lg" py="xl">
      <Title order={1}>Track Your Job</Title>
    </Container>
  );
}
