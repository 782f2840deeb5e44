import { Container, Title } from '@mantine/core';
import { usePageTitle } from '../lib/use-page-title';

export function AuthPage({ initialTab = 'login' }: { initialTab?: 'login' | 'register' }) {
  usePageTitle('Login');
  return (
    <Container size="lg" py="xl">
      <Title order={1}>Login</Title>
    </Container>
  );
}
