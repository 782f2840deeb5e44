import { Container, Title } from '@mantine/core';
import { usePageTitle } from '../../lib/use-page-title';

export function AdminPage() {
  usePageTitle('Admin Panel');
  return (
    <Container size="lg" py="xl">
      <Title order={1}>Home</Title>
    </Container>
  );
}
