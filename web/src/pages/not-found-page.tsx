import { Button, Container, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router-dom';
import { usePageTitle } from '../lib/use-page-title';

/** Any unknown route: '404 Page Not Found' with a way home. */
export function NotFoundPage() {
  usePageTitle('Page Not Found');
  return (
    <Container size="sm" py={80}>
      <Stack align="center" ta="center" gap="md">
        <Text fz={72} fw={900} c="ochre.8" lh={1} aria-hidden>
          404
        </Text>
        <Title order={1}>404 Page Not Found</Title>
        <Text c="dimmed">
          Looks like this track doesn&apos;t go anywhere. Let&apos;s get you back on the road.
        </Text>
        <Button component={Link} to="/" size="md">
          Back to Home
        </Button>
      </Stack>
    </Container>
  );
}
