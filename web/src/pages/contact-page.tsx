import { Container, Title } from '@mantine/core';
import { usePageTitle } from '../lib/use-page-title';

export function ContactPage() {
  usePageTitle('Contact Us');
  return (
    <Container size="lg" py="xl">
      <Title order={1}>Contact Us</Title>
    </Container>
  );
}
