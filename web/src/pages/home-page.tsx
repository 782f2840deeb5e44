/**
 * Home, in this order: hero, Our Services, Digital Service Platform,
 * emergency call buttons for both operators, Customer Feedback call to action, coverage map, FAQ.
 */
import {
  Badge,
  Box,
  Button,
  Card,
  Container,
  Group,
  SimpleGrid,
  Stack,
  Text,
  ThemeIcon,
  Title,
} from '@mantine/core';
import {
  IconCalendarPlus,
  IconHistory,
  IconMapPinSearch,
  IconMessageStar,
  IconPhoneCall,
  IconSteeringWheel,
  IconStar,
  IconTool,
  IconTruck,
} from '@tabler/icons-react';
import { Link } from 'react-router-dom';
import { PROMISE_TEXTS } from '@pilbara/shared-schema';
import { useOperators } from '../components/profile-provider';
import { CoverageMap } from '../components/coverage-map';
import { FaqSection } from '../components/faq-section';
import { PageHero, SectionHeading } from '../components/page-hero';
import { ServiceCard, type ServiceCardContent } from '../components/service-card';
import { telHref } from '../lib/format';
import { usePageTitle } from '../lib/use-page-title';
import { CallLineButtons } from '../components/call-map-buttons';

interface HomeService extends ServiceCardContent {
  action: { label: 'Get Quote' | 'Book Service'; to: '/contact' | '/booking' };
}

const SERVICE_CARDS: readonly HomeService[] = [
  {
    title: 'Towing Services',
    icon: IconTruck,
    text: 'Breakdowns, accidents and non-runners moved safely, around town or across the Pilbara.',
    features: [
      '24/7 emergency towing',
      'Local and long-distance tows',
      'Tilt-tray for low and prestige cars',
      'Heavy-duty and work vehicles',
    ],
    action: { label: 'Get Quote', to: '/contact' },
  },
  {
    title: '4x4 Recovery',
    icon: IconSteeringWheel,
    text: 'Bogged, stuck or rolled: we get you out of sand, bulldust, mud and creek crossings.',
    features: [
      'Winch and snatch strap recovery',
      'Beach, station track and creek recoveries',
      'Certified for mining sites',
      'Heavy vehicle recovery',
    ],
    action: { label: 'Book Service', to: '/booking' },
  },
  {
    title: 'Automotive Repairs',
    icon: IconTool,
    text: 'A qualified mechanic who comes to you and often fixes it on the spot.',
    features: [
      'Roadside and mobile repairs',
      'Diagnostics and fault finding',
      'Engine and transmission work',
      '7 years of mechanical experience',
    ],
    action: { label: 'Get Quote', to: '/contact' },
  },
];

const PLATFORM_ACTIONS = [
  {
    label: 'Book Service',
    to: '/book-service',
    icon: IconCalendarPlus,
    text: 'Pick a time and tell us what you need.',
  },
  {
    label: 'Track Job',
    to: '/customer-portal',
    icon: IconMapPinSearch,
    text: 'See your driver, status and arrival time live.',
  },
  {
    label: 'Service History',
    to: '/service-history',
    icon: IconHistory,
    text: 'Look back over past jobs and invoices.',
  },
  {
    label: 'Rate Service',
    to: '/feedback',
    icon: IconStar,
    text: 'Tell us how we went on a finished job.',
  },
] as const;

export function HomePage() {
  usePageTitle('Home');
  const { main, second } = useOperators();
  const operators = second ? [main, second] : [main];

  return (
    <>
      <PageHero
        title="Professional Towing & 4x4 Recovery"
        subtitle="24/7 emergency towing, off-road recovery and a mobile mechanic for Karratha and the Pilbara. Two local operators, two trucks, fair prices with no city markups."
      >
        <Group gap="xs">
          <Badge size="lg" color="spinifex.3" c="ironstone.9" variant="filled">
            24/7 Emergency Service
          </Badge>
          <Badge size="lg" color="white" c="ochre.9" variant="filled">
            500+ recoveries
          </Badge>
          <Badge size="lg" color="white" c="ochre.9" variant="filled">
            Licensed &amp; insured
          </Badge>
        </Group>
        <Group gap="sm" mt="xs">
          <Button
            component="a"
            href={telHref(main.phone)}
            size="lg"
            color="spinifex.3"
            c="ironstone.9"
            leftSection={<IconPhoneCall size={22} aria-hidden />}
          >
            Call {main.phone}
          </Button>
          <Button component={Link} to="/book-service" size="lg" variant="white" color="ochre.9">
            Book Service
          </Button>
          <Button
            component={Link}
            to="/customer-portal"
            size="lg"
            variant="outline"
            color="white"
            style={{ borderColor: '#fff', color: '#fff' }}
          >
            Track Job
          </Button>
        </Group>
      </PageHero>

      <Container size="lg" py={48} component="section" aria-labelledby="our-services">
        <SectionHeading
          id="our-services"
          title="Our Services"
          lead="From a flat battery in town to a rolled ute on a haul road, one call gets it sorted."
        />
        <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing="lg">
          {SERVICE_CARDS.map(({ action, ...card }) => (
            <ServiceCard key={card.title} {...card}>
              <Button
                component={Link}
                to={action.to}
                mt="auto"
                fullWidth
                variant={action.label === 'Book Service' ? 'filled' : 'outline'}
              >
                {action.label}
              </Button>
            </ServiceCard>
          ))}
        </SimpleGrid>
      </Container>

      <Box
        bg="ironstone.9"
        c="white"
        py={48}
        component="section"
        aria-labelledby="digital-platform"
      >
        <Container size="lg">
          <Stack gap={6} mb="lg" ta="center" align="center">
            <Title order={2} id="digital-platform" c="white" fz={{ base: 26, sm: 32 }}>
              Digital Service Platform
            </Title>
            <Text c="#e6dcd6" maw={640}>
              Book, track and review your job from your phone, even on a patchy signal. Install the
              app for one-tap access.
            </Text>
          </Stack>
          <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="md">
            {PLATFORM_ACTIONS.map((action) => (
              <Card key={action.label} radius="md" padding="md" bg="#3a2f2b" c="white">
                <Stack gap="xs" align="flex-start" h="100%">
                  <ThemeIcon size={44} radius="md" color="spinifex.3" c="ironstone.9">
                    <action.icon size={26} aria-hidden />
                  </ThemeIcon>
                  <Text size="sm" c="#e6dcd6">
                    {action.text}
                  </Text>
                  <Button component={Link} to={action.to} mt="auto" fullWidth>
                    {action.label}
                  </Button>
                </Stack>
              </Card>
            ))}
          </SimpleGrid>
        </Container>
      </Box>

      <Container size="lg" py={48} component="section" aria-labelledby="emergency-call">
        <Card
          radius="lg"
          padding="xl"
          bg="ochre.0"
          withBorder
          style={{ borderColor: 'var(--mantine-color-ochre-3)' }}
        >
          <Stack gap="md" align="center" ta="center">
            <Title order={2} id="emergency-call" fz={{ base: 24, sm: 30 }}>
              Broken down or stuck? Call us now
            </Title>
            <Text maw={620}>
              Day or night, you&apos;ll talk straight to one of the owners. {PROMISE_TEXTS.arrival}
            </Text>
            <Group justify="center" gap="md">
              <CallLineButtons lines={operators} size="lg" h={56} />
            </Group>
          </Stack>
        </Card>
      </Container>

      <Container size="lg" pb={48} component="section" aria-labelledby="customer-feedback">
        <Card radius="lg" padding="xl" withBorder>
          <Group justify="space-between" gap="lg">
            <Group gap="md" wrap="nowrap" align="flex-start">
              <ThemeIcon size={52} radius="md" color="spinifex.4" c="ironstone.9" visibleFrom="xs">
                <IconMessageStar size={28} aria-hidden />
              </ThemeIcon>
              <div>
                <Title order={2} id="customer-feedback" fz={{ base: 22, sm: 26 }}>
                  Customer Feedback
                </Title>
                <Text c="dimmed" maw={560}>
                  Had a job done with us? Tell us how we went. Your feedback keeps us honest and
                  helps other locals choose.
                </Text>
              </div>
            </Group>
            <Button component={Link} to="/feedback" size="md">
              Share Your Feedback
            </Button>
          </Group>
        </Card>
      </Container>

      <Container size="lg" pb={48} component="section" aria-labelledby="coverage">
        <SectionHeading
          id="coverage"
          title="Our Coverage Area"
          lead="Based in Karratha and covering the coast from Dampier to Point Samson, plus the mine sites inland."
        />
        <CoverageMap />
      </Container>

      <Container size="md" pb={24} component="section" aria-labelledby="faq">
        <SectionHeading id="faq" title="Frequently Asked Questions" />
        <FaqSection />
      </Container>
    </>
  );
}
