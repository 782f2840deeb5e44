/**
 * Pricing guide: price cards, the after-hours call-out, GST included and
 * payment on completion, all from the owners' price list in force (components/public-prices.ts):
 * pre-rendered with the built-in prices, then the server's once the page runs.
 */
import { Alert, Card, Container, Group, List, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconInfoCircle, IconMoon } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import {
  PRICING_TERMS,
  PUBLIC_PRICE_GROUPS,
  afterHoursText,
  formatPrice,
  publicPriceCard,
  publicPriceDetails,
  type PublicPriceCard,
} from '@pilbara/shared-schema';
import { PageHero, SectionHeading } from '../components/page-hero';
import { usePublicPrices } from '../components/public-prices';
import { usePageTitle } from '../lib/use-page-title';

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
  const prices = usePublicPrices();
  const groups = PUBLIC_PRICE_GROUPS.map((group) => ({
    ...group,
    prices: group.keys
      .map((key) => publicPriceCard(prices, key))
      .filter((card): card is PublicPriceCard => card !== undefined),
  }));
  return (
    <>
      <PageHero
        title="Pricing Guide"
        subtitle="Straight-up local prices with no city markups. We always confirm the price before we start."
      />
      <Container size="lg" py={48}>
        <Stack gap={40}>
          {groups.map((group) => (
            <section key={group.title} aria-labelledby={`pricing-${group.title}`}>
              <SectionHeading id={`pricing-${group.title}`} title={group.title} lead={group.lead} />
              <SimpleGrid cols={{ base: 1, xs: 2, md: group.prices.length }} spacing="md">
                {group.prices.map((price) => (
                  <Card
                    key={price.key}
                    data-testid={`price-${price.key}`}
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
                      {publicPriceDetails(price).map((detail) => (
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
            <PricingNote color="ochre" icon={IconMoon} title="After-hours call-out">
              {afterHoursText(prices)}
            </PricingNote>
            <PricingNote color="ironstone" icon={IconInfoCircle} title="Good to know">
              <List size="sm" spacing={4}>
                <List.Item>All prices include GST.</List.Item>
                <List.Item>{PRICING_TERMS.paymentDue}.</List.Item>
                <List.Item>
                  Some towns carry a distance surcharge (see Service Areas); mine sites are quoted.
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
