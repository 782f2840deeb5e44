import { Container, Title } from '@mantine/core';
import { usePageTitle } from '../lib/use-page-title';

export function FeedbackPage() {
  usePageTitle('Customer Feedback');
  return (
    <Container size="lg" py="xl">
      <Title order={1}>Customer Feedback</Title>
    </Container>
  );
}
