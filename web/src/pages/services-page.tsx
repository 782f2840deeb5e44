/**
 * Services: hero, six service cards, a coverage block (the response time
 * measured from recorded jobs when there is one, the radius of the business profile, 24/7) and
 * an emergency call block with 'Request Service Online'.
 */
import { Button, Card, Container, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import {
  IconBuildingFactory2,
  IconCar,
  IconLifebuoy,
  IconSteeringWheel,
  IconTool,
  IconTruck,
} from '@tabler/icons-react';
import { Link } from 'react-router-dom';
import { useOperators, useProfile } from '../components/profile-provider';
import { responseLine, useResponseFigures } from '../components/response-times';
import { PageHero, SectionHeading } from '../components/page-hero';
import { ServiceCard, type ServiceCardContent } from '../components/service-card';
import { usePageTitle } from '../lib/use-page-title';
import { StatTile } from '../components/stat-tile';
import { CallLineButtons } from '../components/call-map-buttons';

const SERVICES: readonly ServiceCardContent[] = [
  {
    title: 'Emergency Towing',
    icon: IconTruck,
    text: 'Broken down or in an accident? We answer day and night and get your vehicle somewhere safe.',
    features: [
      '24/7 call-outs, 365 days',
      'Accident and breakdown removal',
      'Tilt-tray and wheel-lift towing',
      'Delivered to your mechanic, home or yard',
    ],
  },
  {
    title: '4x4 & Off-Road Recovery',
    icon: IconSteeringWheel,
    text: 'Bogged in bulldust, sand or a creek crossing: we bring the gear and the know-how.',
    features: [
      'Winch, snatch strap and recovery board work',
      'Beach, station track and creek recoveries',
      'Rollover and heavy vehicle recovery',
      'Certified for mining sites',
    ],
  },
  {
    title: 'Automotive Repairs',
    icon: IconTool,
    text: 'A mechanic with 7 years of experience who often fixes it where it stands.',
    features: [
      'Diagnostics and fault finding',
      'Mobile repairs at home, work or roadside',
      'Engine and transmission repairs',
      'Pre-purchase inspections',
    ],
  },
  {
    title: 'Roadside Assistance',
    icon: IconLifebuoy,
    text: 'The small problems that leave you stuck, sorted quickly.',
    features: [
      'Jump starts and battery checks',
      'Flat tyre changes',
      'Lockout service',
      'Fuel delivery',
    ],
  },
  {
    title: 'Vehicle Transport',
    icon: IconCar,
    text: 'Planned moves for cars, utes, 4WDs and machinery, local or long distance.',
    features: [
      'Non-runners and project cars',
      'Dealer and auction transfers',
      'Long-distance towing across the Pilbara',
      'Careful tie-downs for low cars',
    ],
  },
  {
    title: 'Commercial Services',
    icon: IconBuildingFactory2,
    text: 'Reliable support for mine sites, contractors and fleets.',
    features: [
      'Mine site and haul road recoveries',
      'Fleet breakdown support',
      'Account customers and scheduled work',
      'Site inductions and safety paperwork',
    ],
  },
];

export function ServicesPage() {
  usePageTitle('Services');
  const { main, second } = useOperators();
  const operators = second ? [main, second] : [main];
  const profile = useProfile();
  const figures = useResponseFigures();
  const overall = figures ? responseLine(figures, figures.overall.area) : null;

  return (
    <>
      <PageHero
        title="Professional Automotive Services"
        subtitle="Towing, recovery, repairs and roadside help from two local operators who know the Pilbara's roads, tracks and mine sites."
      />

      <Container size="lg" py={48} component="section" aria-labelledby="what-we-do">
        <SectionHeading
          id="what-we-do"
          title="What We Do"
          lead="Six services, one phone number, any hour."
        />
        <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing="lg">
          {SERVICES.map((service) => (
            <ServiceCard key={service.title} {...service} />
          ))}
        </SimpleGrid>
      </Container>

      <Container size="lg" pb={48} component="section" aria-labelledby="coverage-block">
        <SectionHeading
          id="coverage-block"
          title="Service Coverage"
          lead="Karratha, Dampier, Roebourne, Wickham, Point Samson and the mine sites in between."
        />
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
          {[
            // Measured from recorded jobs, or not shown (rules/response-times.ts).
            ...(overall
              ? [{ value: overall.figure, label: 'Median response, recorded jobs' }]
              : []),
            {
              value: `${profile.serviceRadiusKm} km`,
              label: `Service radius from ${profile.depot.name}`,
            },
            { value: '24/7', label: 'Emergency service' },
          ].map((stat) => (
            <StatTile key={stat.label} {...stat} padding="lg" fz={36} labelSize="md" />
          ))}
        </SimpleGrid>
      </Container>

      <Container size="lg" pb={24} component="section" aria-labelledby="emergency-block">
        <Card radius="lg" padding="xl" bg="ochre.8" c="white">
          <Stack align="center" ta="center" gap="md">
            <Title order={2} id="emergency-block" c="white" fz={{ base: 24, sm: 30 }}>
              Need Emergency Service?
            </Title>
            <Text c="#fbe9e1" maw={620}>
              Call now and talk to an owner straight away, or send us the details online and
              we&apos;ll call you back.
            </Text>
            <Group justify="center" gap="md">
              <CallLineButtons lines={operators} size="lg" h={56} variant="white" color="ochre.9" />
              <Button
                component={Link}
                to="/contact"
                size="lg"
                h={56}
                variant="outline"
                color="white"
                style={{ borderColor: '#fff', color: '#fff' }}
              >
                Request Service Online
              </Button>
            </Group>
          </Stack>
        </Card>
      </Container>
    </>
  );
}
