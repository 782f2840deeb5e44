/**
 * Service areas: four regions with their suburbs and towns and services
 * offered, the places real ones of the Karratha district and the wider Pilbara. Response times
 * are not guessed ranges: each coverage area's is measured from recorded jobs
 * (components/response-times-list.tsx), or not shown.
 */
import { Badge, Card, Container, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { FeatureList, PageHero, SectionHeading } from '../components/page-hero';
import { CoverageMap } from '../components/coverage-map';
import { ResponseTimesList } from '../components/response-times-list';
import { usePageTitle } from '../lib/use-page-title';

interface ServiceRegion {
  name: string;
  description: string;
  places: string[];
  services: string[];
}

const SERVICE_REGIONS: readonly ServiceRegion[] = [
  {
    name: 'Karratha & Suburbs',
    description: 'Our home base. Most call-outs in town are reached first.',
    places: [
      'Bulgarra',
      'Pegs Creek',
      'Millars Well',
      'Nickol',
      'Baynton',
      'Tambrey',
      'Gap Ridge',
      'Mulataga',
      'Karratha Industrial Estate',
    ],
    services: [
      'Emergency towing',
      'Roadside assistance',
      'Mobile repairs',
      'Lockouts and jump starts',
    ],
  },
  {
    name: 'Dampier & Burrup Peninsula',
    description:
      'The port town, the Burrup industrial area and the beaches and boat ramps around them.',
    places: [
      'Dampier',
      'Burrup Peninsula',
      'King Bay',
      'Hearson Cove',
      'Withnell Bay',
      'Dampier Salt',
    ],
    services: [
      'Emergency towing',
      'Beach and boat-ramp recovery',
      'Roadside assistance',
      'Vehicle transport',
    ],
  },
  {
    name: 'Roebourne, Wickham & Point Samson',
    description:
      'East along the coast: the historic towns, Cape Lambert and the beaches at Point Samson.',
    places: ['Roebourne', 'Wickham', 'Point Samson', 'Cossack', 'Cape Lambert', 'Harding Dam'],
    services: ['Towing', '4x4 and beach recovery', 'Roadside assistance', 'Mobile repairs'],
  },
  {
    name: 'Wider Pilbara & Mine Sites',
    description: 'Remote highways, station tracks and mining operations inland. Quoted per job.',
    places: [
      'Millstream-Chichester National Park',
      'Python Pool',
      'Pannawonica',
      'Whim Creek',
      'Fortescue River Roadhouse',
      'Mine sites and haul roads',
    ],
    services: [
      '4x4 and heavy vehicle recovery',
      'Long-distance towing',
      'Mine site recovery',
      'Commercial and fleet support',
    ],
  },
];

export function ServiceAreasPage() {
  usePageTitle('Service Areas');
  return (
    <>
      <PageHero
        title="Service Areas"
        subtitle="From Karratha's suburbs to remote mine sites, here's where we work and how long we have actually taken to get there."
      />
      <Container size="lg" py={48}>
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
          {SERVICE_REGIONS.map((region) => (
            <Card
              key={region.name}
              withBorder
              radius="md"
              padding="lg"
              shadow="xs"
              component="section"
              aria-label={region.name}
            >
              <Stack gap="sm">
                <Title order={2} fz="xl">
                  {region.name}
                </Title>
                <Text size="sm" c="dimmed">
                  {region.description}
                </Text>
                <Text fw={700} size="sm">
                  Suburbs and towns
                </Text>
                <Group gap={6}>
                  {region.places.map((place) => (
                    <Badge
                      key={place}
                      variant="light"
                      color="ironstone"
                      c="ironstone.9"
                      tt="none"
                      fw={600}
                    >
                      {place}
                    </Badge>
                  ))}
                </Group>
                <Text fw={700} size="sm">
                  Services offered
                </Text>
                <FeatureList items={region.services} />
              </Stack>
            </Card>
          ))}
        </SimpleGrid>
      </Container>
      <Container size="lg" pb={48} component="section" aria-labelledby="response-times-title">
        <SectionHeading
          id="response-times-title"
          title="How quickly we get there"
          lead="Measured from our recorded jobs: from the call to the truck on site."
        />
        <ResponseTimesList />
      </Container>
      <Container size="lg" pb={24} component="section" aria-labelledby="area-map">
        <SectionHeading
          id="area-map"
          title="Coverage Map"
          lead="Choose a town for its distance and pricing."
        />
        <CoverageMap />
      </Container>
    </>
  );
}
