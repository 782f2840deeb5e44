import { Container, Title } from '@mantine/core';
import { usePageTitle } from '../lib/use-page-title';

export function AboutPage() {
  usePageTitle('About Us');
  return (
    <Container size="lg" py="xl">
      <Title order={1}>About Us</Title>
    </Container>
  );
}
