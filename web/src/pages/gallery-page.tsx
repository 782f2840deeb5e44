/**
 * Gallery (docs/features.md): four filter buttons (default All Photos), 11 pictures in a grid, a
 * dialog with the enlarged picture, the 'Image unavailable' placeholder, the empty-filter
 * message and the Equipment section.
 */
import {
  Button,
  Card,
  Container,
  Group,
  Modal,
  SimpleGrid,
  Stack,
  Text,
  ThemeIcon,
  UnstyledButton,
  Badge,
} from '@mantine/core';
import { IconDeviceDesktopAnalytics, IconLink, IconTruck } from '@tabler/icons-react';
import { useState } from 'react';
import { PageHero, SectionHeading } from '../components/page-hero';
import { GalleryImage } from '../components/gallery-image';
import { HeadingWithHint } from '../components/heading-with-hint';
import {
  GALLERY_FILTERS,
  GALLERY_PHOTOS,
  photosFor,
  type GalleryFilter,
  type GalleryPhoto,
} from '../components/gallery-photos';
import { usePageTitle } from '../lib/use-page-title';

const EQUIPMENT = [
  {
    title: 'Heavy-Duty Tow Trucks',
    icon: IconTruck,
    text: 'Two trucks: a heavy-duty wrecker with boom and under-lift, and a tilt-tray for cars, utes and machinery.',
  },
  {
    title: 'Recovery Equipment',
    icon: IconLink,
    text: 'Rated winches, snatch blocks, straps, bow shackles and recovery boards for sand, mud and bulldust.',
  },
  {
    title: 'Diagnostic Tools',
    icon: IconDeviceDesktopAnalytics,
    text: 'Scan tools for petrol and diesel vehicles, so faults are found and often fixed on the spot.',
  },
];

export function GalleryPage({ photos = GALLERY_PHOTOS }: { photos?: readonly GalleryPhoto[] }) {
  usePageTitle('Gallery');
  const [filter, setFilter] = useState<GalleryFilter>('all');
  const [open, setOpen] = useState<GalleryPhoto | null>(null);
  const shown = photosFor(filter, photos);

  return (
    <>
      <PageHero
        title="Our Work Gallery"
        subtitle="Tows, recoveries and the gear we bring, from Karratha's streets to the red dirt tracks beyond."
      />
      <Container size="lg" py={40}>
        <Group
          gap="xs"
          mb="lg"
          role="group"
          aria-label="Filter photos by category"
          justify="center"
        >
          {GALLERY_FILTERS.map((f) => (
            <Button
              key={f.value}
              variant={filter === f.value ? 'filled' : 'outline'}
              aria-pressed={filter === f.value}
              onClick={() => setFilter(f.value)}
            >
              {f.label}
            </Button>
          ))}
        </Group>

        {shown.length === 0 ? (
          <Text ta="center" c="dimmed" py="xl">
            No images found for this category.
          </Text>
        ) : (
          <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="md" data-testid="gallery-grid">
            {shown.map((photo, index) => (
              <Card key={photo.src} withBorder radius="md" padding={0} shadow="xs">
                <UnstyledButton
                  onClick={() => setOpen(photo)}
                  aria-label={`Enlarge: ${photo.title}`}
                  style={{ display: 'block', width: '100%' }}
                >
                  <GalleryImage src={photo.src} alt={photo.alt} eager={index < 3} />
                </UnstyledButton>
                <Stack gap={4} p="sm">
                  <Group justify="space-between" wrap="nowrap" gap="xs">
                    <Text fw={700}>{photo.title}</Text>
                    <Badge variant="light" color="ochre" style={{ flexShrink: 0 }}>
                      {photo.category}
                    </Badge>
                  </Group>
                  <Text size="sm" c="dimmed">
                    {photo.description}
                  </Text>
                </Stack>
              </Card>
            ))}
          </SimpleGrid>
        )}

        <Modal
          opened={open !== null}
          onClose={() => setOpen(null)}
          title={open?.title}
          size="xl"
          centered
          closeButtonProps={{ 'aria-label': 'Close photo' }}
        >
          {open && (
            <Stack gap="sm">
              <GalleryImage src={open.src} alt={open.alt} eager />
              <Text>{open.description}</Text>
              <Badge variant="light" color="ochre">
                {open.category}
              </Badge>
            </Stack>
          )}
        </Modal>
      </Container>

      <Container size="lg" pb={24} component="section" aria-labelledby="equipment">
        <SectionHeading
          id="equipment"
          title="Our Equipment"
          lead="Well-kept gear is half the job. Here's what comes with every call-out."
        />
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="lg">
          {EQUIPMENT.map((item) => (
            <Card key={item.title} withBorder radius="md" padding="lg">
              <Stack gap="sm">
                <ThemeIcon size={48} radius="md" color="ochre.8">
                  <item.icon size={26} aria-hidden />
                </ThemeIcon>
                <HeadingWithHint order={3} fz="lg" title={item.title} hint={item.text} gap="sm" />
              </Stack>
            </Card>
          ))}
        </SimpleGrid>
      </Container>
    </>
  );
}
