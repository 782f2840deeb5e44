/**
 * Pricing guide (spec §2 Pricing guide, values of §9): static price cards from
 * ADVERTISED_PRICES, the after-hours surcharge, GST included and payment on completion.
 */
import { Alert, Card, Container, Group, List, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconInfoCircle, IconMoon } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import {
  ADVERTISED_PRICES,
  PRICING_TERMS,
  formatPrice,
  type AdvertisedPrice,
} from '@pilbara/shared-schema';
import { PageHero, SectionHeading } from '../components/page-hero';
import { usePageTitle } from '../lib/use-page-title';

const GROUPS: { title: string; lead: string; prices: AdvertisedPrice[] }[] = [
  {
    title: 'Towing',
    lead: 'Cars, utes, 4WDs and light trucks.',
    prices: [
      ADVERTISED_PRICES.localTowing,
      ADVERTISED_PRICES.emergencyTowing,
      ADVERTISED_PRICES.heavyDutyTowing,
    ],
  },
  {
    title: '4x4 Recovery',
    lead: 'Priced by how hard the recovery is.',
    prices: [
      ADVERTISED_PRICES.basicRecovery,
      ADVERTISED_PRICES.complexRecovery,
      ADVERTISED_PRICES.extremeRecovery,
    ],
  },
  {
    title: 'Repairs',
    lead: 'Mobile mechanic at your home, work or roadside.',
    prices: [
      ADVERTISED_PRICES.diagnostic,
      ADVERTISED_PRICES.mobileRepairs,
      ADVERTISED_PRICES.engineRepairs,
      ADVERTISED_PRICES.transmissionRepairs,
    ],
  },
];

function priceDetails(price: AdvertisedPrice): string[] {
  const details: string[] = [];
  if (price.includedKm) details.push(`${price.includedKm} km included`);
  if (price.perKmCents)
    details.push(`${price.includedKm ? 'Then ' : ''}${formatPrice(price.perKmCents)} per km`);
  if (price.note && !price.note.includes('km included'))
    details.push(price.note.charAt(0).toUpperCase() + price.note.slice(1));
  return details;
}

/** One of the notes under the prices: a light panel with its icon and title. */
function PricingNote({
  color,
  icon: Icon,
  title,
  children,
}: {
  color: string;
  icon: typeof IconMoon;
  title: string;
  children: ReactNode;
}) {
  return (
    <Alert
      color={color}
      variant="light"
      radius="md"
      icon={<Icon size={22} aria-hidden />}
      title={title}
    >
      {children}
    </Alert>
  );
}

export function PricingPage() {
  usePageTitle('Pricing');
  return (
    <>
      <PageHero
        title="Pricing Guide"
        subtitle="Straight-up local prices with no city markups. We always confirm the price before we start."
      />
      <Container size="lg" py={48}>
        <Stack gap={40}>
          {GROUPS.map((group) => (
            <section key={group.title} aria-labelledby={`pricing-${group.title}`}>
              <SectionHeading id={`pricing-${group.title}`} title={group.title} lead={group.lead} />
              <SimpleGrid cols={{ base: 1, xs: 2, md: group.prices.length }} spacing="md">
                {group.prices.map((price) => (
                  <Card
                    key={price.label}
                    withBorder
                    radius="md"
                    padding="lg"
                    shadow="xs"
                    ta="center"
                  >
                    <Stack gap={6} align="center">
                      <Title order={3} fz="lg">
                        {price.label}
                      </Title>
                      <Text fz={40} fw={800} c="ochre.8" lh={1.1}>
                        {formatPrice(price.priceCents)}
                        {price.unit === 'hour' && (
                          <Text span fz="md" fw={600} c="dimmed">
                            {' '}
                            per hour
                          </Text>
                        )}
                      </Text>
                      {priceDetails(price).map((detail) => (
                        <Text key={detail} size="sm" c="dimmed">
                          {detail}
                        </Text>
                      ))}
                    </Stack>
                  </Card>
                ))}
              </SimpleGrid>
            </section>
          ))}

          <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
            <PricingNote color="ochre" icon={IconMoon} title="After-hours surcharge">
              A {PRICING_TERMS.afterHoursSurchargePercent}% surcharge applies to call-outs between{' '}
              {PRICING_TERMS.afterHoursWindow}.
            </PricingNote>
            <PricingNote color="ironstone" icon={IconInfoCircle} title="Good to know">
              <List size="sm" spacing={4}>
                <List.Item>All prices include GST.</List.Item>
                <List.Item>{PRICING_TERMS.paymentDue}.</List.Item>
                <List.Item>
                  Roebourne and Point Samson carry a distance surcharge; mine sites are quoted.
                </List.Item>
              </List>
            </PricingNote>
          </SimpleGrid>
          <Group justify="center">
            <Text size="sm" c="dimmed" ta="center">
              Prices are in Australian dollars ({PRICING_TERMS.currencySymbol}). Parts and
              long-distance kilometres are quoted before work starts.
            </Text>
          </Group>
        </Stack>
      </Container>
    </>
  );
}
