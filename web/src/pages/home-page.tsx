import { Container, Title } from '@mantine/core';
import { usePageTitle } from '../lib/use-page-title';

export function HomePage() {
  usePageTitle('Home');
  return (
    <Container size="lg" py="xl">
      <Title order={1}>Home</Title>
    </Container>
  );
}
