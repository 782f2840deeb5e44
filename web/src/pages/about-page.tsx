/**
 * About Us, sections in this order: 'Meet {name} & {name}', Our Story
 * with four statistics, the two co-owner cards, Professional Standards, What Drives Us and the
 * closing 'Locals Helping Locals' banner. Static content only.
 */
import {
  Avatar,
  Box,
  Card,
  Container,
  Grid,
  Group,
  SimpleGrid,
  Stack,
  Text,
  ThemeIcon,
  Title,
  Anchor,
} from '@mantine/core';
import {
  IconAward,
  IconBolt,
  IconCertificate,
  IconClock,
  IconHeartHandshake,
  IconMapPin,
  IconPhone,
  IconScale,
  IconShieldCheck,
  IconStar,
  IconTool,
  IconUsers,
} from '@tabler/icons-react';
import { PROMISE_TEXTS } from '@pilbara/shared-schema';
import { useProfile } from '../components/profile-provider';
import { PageHero, SectionHeading } from '../components/page-hero';
import { telHref } from '../lib/format';
import { usePageTitle } from '../lib/use-page-title';
import { StatTile } from '../components/stat-tile';

const STATS = [
  { value: '7+', label: 'Years mechanical experience' },
  { value: '500+', label: 'Successful recoveries' },
  { value: '24/7', label: 'Emergency service' },
  { value: '100%', label: 'Customer satisfaction' },
];

const STANDARDS = [
  {
    title: 'Licensed',
    detail: 'Verified',
    text: 'Licensed state towing operator with all required permits.',
    icon: IconCertificate,
  },
  {
    title: 'Insured',
    detail: '$2M Coverage',
    text: 'Your vehicle is covered from hook-up to drop-off.',
    icon: IconShieldCheck,
  },
  {
    title: 'Experienced',
    detail: 'Proven Track Record',
    text: 'More than 500 recoveries across the Pilbara.',
    icon: IconAward,
  },
  {
    title: 'Trusted',
    detail: 'BBB A+',
    text: 'Trusted-business badge with an A+ rating.',
    icon: IconStar,
  },
];

const VALUES = [
  {
    title: 'Always Ready',
    text: "Breakdowns don't wait for business hours and neither do we. The phone is answered day and night, and the trucks are fuelled and stocked before every shift.",
    icon: IconClock,
  },
  {
    title: 'Honest Service',
    text: "You get the price before we start, with no city markups and no surprises. If a cheap fix on the spot beats a tow, we'll tell you.",
    icon: IconScale,
  },
  {
    title: 'Problem Solvers',
    text: 'Bogged on a station track, dead in a mine car park or sideways in a creek: we work out the safest way to get you moving, then do it.',
    icon: IconTool,
  },
];

const LOCAL_POINTS = [
  {
    title: 'Local Knowledge',
    text: 'We know the roads, the tracks, the tides and the mine gates.',
    icon: IconMapPin,
  },
  {
    title: 'Rapid Response',
    text: PROMISE_TEXTS.rapidResponse,
    icon: IconBolt,
  },
  {
    title: 'Fair Pricing',
    text: 'Honest local prices with GST included and no city markups.',
    icon: IconHeartHandshake,
  },
];

function initials(name: string): string {
  return name
    .split(/\s+/)
    .map((part) => part[0] ?? '')
    .join('')
    .slice(0, 2)
    .toUpperCase();
}

export function AboutPage() {
  usePageTitle('About Us');
  const profile = useProfile();
  const [first, second] = profile.owners;
  const names = [first?.name, second?.name].filter(Boolean).join(' & ');

  return (
    <>
      <PageHero
        title={`Meet ${names}`}
        subtitle="Two locals, two trucks and one promise: when you're stuck anywhere from Karratha to the mine sites, we'll come and get you."
      />

      <Container size="lg" py={48} component="section" aria-labelledby="our-story">
        <Grid gap="xl" align="center">
          <Grid.Col span={{ base: 12, md: 7 }}>
            <Title order={2} id="our-story" mb="md">
              Our Story
            </Title>
            <Stack gap="sm">
              <Text>
                {first?.name ?? 'One of us'} spent years pulling vehicles out of places most people
                never see: bulldust on station tracks, soft sand on the beaches and washed-out haul
                roads on mine sites. {second?.name ?? 'The other'} spent 7 years under bonnets,
                learning that a lot of breakdowns can be fixed right where they happen.
              </Text>
              <Text>
                We kept getting the same calls from friends and neighbours: stuck, broken down, no
                one answering. So we put our skills together and started a business that answers the
                phone at 2 am and turns up with the right gear.
              </Text>
              <Text>
                Today we run two trucks out of Karratha and cover Dampier, Wickham, Roebourne, Point
                Samson and the remote mining operations inland. We&apos;re licensed, insured for $2M
                and certified to work on mining sites.
              </Text>
              <Text>
                We&apos;re still the ones who pick up when you call. No call centre, no city
                markups, just fair prices and people who know the Pilbara and want to see you home
                safe.
              </Text>
            </Stack>
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 5 }}>
            <SimpleGrid cols={2} spacing="sm">
              {STATS.map((stat) => (
                <StatTile key={stat.label} {...stat} padding="md" fz={32} />
              ))}
            </SimpleGrid>
          </Grid.Col>
        </Grid>
      </Container>

      <Container size="lg" pb={48} component="section" aria-labelledby="owners">
        <SectionHeading id="owners" title="The Owners" />
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg">
          {profile.owners.map((owner) => (
            <Card key={owner.name} withBorder radius="md" padding="lg" shadow="xs">
              <Group gap="md" wrap="nowrap" align="flex-start">
                <Avatar size={64} radius="xl" color="ochre" variant="filled">
                  {initials(owner.name)}
                </Avatar>
                <Stack gap={6}>
                  <Title order={3}>{owner.name}</Title>
                  <Text fw={700} c="ochre.8">
                    {owner.role}
                  </Text>
                  <Text size="sm">{owner.blurb}</Text>
                  <Group gap={6}>
                    <IconPhone size={18} aria-hidden />
                    <Anchor href={telHref(owner.phone)} fw={700} className="tap-link">
                      {owner.phone}
                    </Anchor>
                  </Group>
                </Stack>
              </Group>
            </Card>
          ))}
        </SimpleGrid>
      </Container>

      <Box bg="ochre.0" py={48} component="section" aria-labelledby="standards">
        <Container size="lg">
          <SectionHeading id="standards" title="Professional Standards" />
          <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="md">
            {STANDARDS.map((badge) => (
              <Card key={badge.title} radius="md" padding="lg" withBorder ta="center">
                <Stack align="center" gap={6}>
                  <ThemeIcon size={52} radius="xl" color="ochre.8">
                    <badge.icon size={26} aria-hidden />
                  </ThemeIcon>
                  <Title order={3} fz="lg">
                    {badge.title}
                  </Title>
                  <Text fw={700} c="ochre.8">
                    {badge.detail}
                  </Text>
                  <Text size="sm" c="dimmed">
                    {badge.text}
                  </Text>
                </Stack>
              </Card>
            ))}
          </SimpleGrid>
        </Container>
      </Box>

      <Container size="lg" py={48} component="section" aria-labelledby="drives-us">
        <SectionHeading id="drives-us" title="What Drives Us" />
        <SimpleGrid cols={{ base: 1, md: 3 }} spacing="lg">
          {VALUES.map((value) => (
            <Stack key={value.title} gap="sm">
              <ThemeIcon size={48} radius="md" color="spinifex.3" c="ironstone.9">
                <value.icon size={26} aria-hidden />
              </ThemeIcon>
              <Title order={3} fz="xl">
                {value.title}
              </Title>
              <Text>{value.text}</Text>
            </Stack>
          ))}
        </SimpleGrid>
      </Container>

      <Container size="lg" pb={24} component="section" aria-labelledby="locals">
        <Card radius="lg" padding="xl" bg="ironstone.9" c="white">
          <Stack gap="lg" align="center" ta="center">
            <Group gap="xs">
              <IconUsers size={30} aria-hidden />
              <Title order={2} id="locals" c="white">
                Locals Helping Locals
              </Title>
            </Group>
            <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="lg" w="100%">
              {LOCAL_POINTS.map((point) => (
                <Stack key={point.title} gap={4} align="center">
                  <ThemeIcon size={44} radius="xl" color="spinifex.3" c="ironstone.9">
                    <point.icon size={24} aria-hidden />
                  </ThemeIcon>
                  <Text fw={800}>{point.title}</Text>
                  <Text size="sm" c="#e6dcd6">
                    {point.text}
                  </Text>
                </Stack>
              ))}
            </SimpleGrid>
          </Stack>
        </Card>
      </Container>
    </>
  );
}
