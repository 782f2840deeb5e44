import { Container, Title } from '@mantine/core';
import { usePageTitle } from '../lib/use-page-title';

export function DashboardPage() {
  usePageTitle('My Dashboard');
  return (
    <Container size="lg" py="xl">
      <Title order={1}>My Dashboard</Title>
    </Container>
  );
}
