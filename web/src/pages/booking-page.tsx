import { Container, Title } from '@mantine/core';
import { usePageTitle } from '../lib/use-page-title';

export function BookingPage({ variant }: { variant: 'standard' | 'integrated' }) {
  usePageTitle('Book a Service');
  return (
    <Container size="lg" py="xl">
      <Title order={1}>Book a Service</Title>
    </Container>
  );
}
