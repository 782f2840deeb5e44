import { Container, Title } from '@mantine/core';
import { usePageTitle } from '../lib/use-page-title';

export function GalleryPage() {
  usePageTitle('Gallery');
  return (
    <Container size="lg" py="xl">
      <Title order={1}>Gallery</Title>
    </Container>
  );
}
