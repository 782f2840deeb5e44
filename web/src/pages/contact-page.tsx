import type { ReactNode } from 'react';
import {
  Anchor,
  Badge,
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
  IconClock,
  IconMail,
  IconMapPin,
  IconPhone,
  IconPhoneCall,
  IconAlertTriangle,
} from '@tabler/icons-react';
import { BUSINESS_HOURS, CONTACT_COVERAGE_ZONES, COVERAGE_STATS } from '@pilbara/shared-schema';
import { usePageTitle } from '../lib/use-page-title';
import { ContactOptions } from '../features/public-forms/contact-options';
import { telHref } from '../lib/format';
import { useProfile } from '../components/profile-provider';
import { PageHero } from '../components/page-hero';
import { HydrateLater } from '../components/hydrate-later';

function InfoCard({
  icon,
  title,
  children,
}: {
  icon: ReactNode;
  title: string;
  children: ReactNode;
}) {
  return (
    <Card withBorder radius="md" padding="md">
      <Group align="flex-start" wrap="nowrap" gap="md">
        <ThemeIcon size={40} radius="md" variant="light" aria-hidden>
          {icon}
        </ThemeIcon>
        <Stack gap={4} style={{ minWidth: 0 }}>
          <Title order={3} size="h5">
            {title}
          </Title>
          {children}
        </Stack>
      </Group>
    </Card>
  );
}

export function ContactPage() {
  usePageTitle('Contact Us');
  const profile = useProfile();
  const [first, second] = profile.owners;
  const mainPhone = first?.phone ?? profile.staffPhone;

  return (
    <>
      <HydrateLater>
        <PageHero
          title="Contact Us"
          subtitle="Broken down, bogged or need a mechanic? Call us any time, day or night, or send a message and we'll get back to you quickly."
        >
          <Group>
            <Button
              component="a"
              href={telHref(mainPhone)}
              color="dark"
              size="md"
              leftSection={<IconPhoneCall size={20} />}
              mih={48}
            >
              Emergency: {mainPhone}
            </Button>
          </Group>
        </PageHero>
      </HydrateLater>

      <Container size="lg" py="xl">
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="xl">
          <HydrateLater>
            <Stack gap="md">
              <Card withBorder radius="md" padding="lg" bg="var(--mantine-color-red-0)">
                <Group gap="sm" mb="xs">
                  <IconAlertTriangle size={22} color="var(--mantine-color-red-7)" aria-hidden />
                  <Title order={2} size="h4">
                    Emergency Services
                  </Title>
                  <Badge color="spinifex" c="ironstone.9">
                    24/7
                  </Badge>
                </Group>
                <Text size="sm" mb="sm">
                  Stuck on the road? Ring either of us directly, any hour.
                </Text>
                <Stack gap="xs">
                  {[first, second]
                    .filter((owner) => owner !== undefined)
                    .map((owner) => (
                      <Button
                        key={owner.phone}
                        component="a"
                        href={telHref(owner.phone)}
                        variant="white"
                        color="ochre"
                        justify="space-between"
                        mih={48}
                        leftSection={<IconPhone size={18} />}
                        fullWidth
                      >
                        {owner.name.split(' ')[0]}: {owner.phone}
                      </Button>
                    ))}
                </Stack>
              </Card>

              <InfoCard icon={<IconPhone size={22} />} title="Business Lines">
                {profile.owners.map((owner) => (
                  <Text key={owner.phone} size="sm">
                    {owner.name}: <Anchor href={telHref(owner.phone)}>{owner.phone}</Anchor>
                  </Text>
                ))}
                {profile.staffPhone ? (
                  <Text size="sm">
                    Office: <Anchor href={telHref(profile.staffPhone)}>{profile.staffPhone}</Anchor>
                  </Text>
                ) : null}
              </InfoCard>

              <InfoCard icon={<IconMail size={22} />} title="Email">
                <Anchor
                  href={`mailto:${profile.email}`}
                  size="sm"
                  className="tap-link"
                  style={{ overflowWrap: 'anywhere' }}
                >
                  {profile.email}
                </Anchor>
              </InfoCard>

              <InfoCard icon={<IconMapPin size={22} />} title="Service Area">
                <Text size="sm">Karratha and surrounds, {COVERAGE_STATS.serviceRadius}</Text>
                <Text size="sm" c="dimmed">
                  Remote mining sites by arrangement.
                </Text>
              </InfoCard>

              <InfoCard icon={<IconClock size={22} />} title="Hours">
                <Text size="sm">{BUSINESS_HOURS.weekdays}</Text>
                <Text size="sm">{BUSINESS_HOURS.saturday}</Text>
                <Text size="sm">{BUSINESS_HOURS.sunday}</Text>
                <Text size="sm" fw={700} c="red.9">
                  {BUSINESS_HOURS.emergency}
                </Text>
              </InfoCard>
            </Stack>
          </HydrateLater>

          <Card
            withBorder
            radius="md"
            padding="lg"
            component="section"
            aria-labelledby="contact-form-title"
          >
            <ContactOptions />
          </Card>
        </SimpleGrid>

        <HydrateLater>
          <Stack component="section" gap="md" mt={48} aria-labelledby="coverage-title">
            <Title order={2} id="coverage-title">
              Service Coverage
            </Title>
            <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
              {CONTACT_COVERAGE_ZONES.map((zone) => (
                <Card key={zone.name} withBorder radius="md" padding="lg">
                  <Title order={3} size="h4">
                    {zone.name}
                  </Title>
                  <Text c="dimmed">{zone.response}</Text>
                </Card>
              ))}
            </SimpleGrid>
          </Stack>
        </HydrateLater>
      </Container>
    </>
  );
}
