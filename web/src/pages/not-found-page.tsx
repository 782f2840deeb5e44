import { Container, Title } from '@mantine/core';
import { usePageTitle } from '../lib/use-page-title';

export function NotFoundPage() {
  usePageTitle('404 Page Not Found');
  return (
    <Container size="lg" py="xl">
      <Title order={1}>404 Page Not Found</Title>
    </Container>
  );
}
