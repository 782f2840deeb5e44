/**
 * Coverage map: a drawn SVG of the Pilbara coast around Karratha with the
 * six coverage areas placed by their `position` (percent of width and height). Each area is a
 * keyboard-operable toggle button; one area or none is selected, and the selection shows its
 * distance, its response time as measured from recorded jobs (none while too few are recorded)
 * and pricing, with a link to book. The range comes from the business profile.
 */
import { Badge, Button, Card, Grid, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconClock, IconMapPin, IconRoute, IconCurrencyDollar } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import {
  BUILT_IN_PRICES,
  COVERAGE_AREAS,
  COVERAGE_STATS,
  coverageSurchargeText,
  type CoverageArea,
  type PriceTable,
} from '@pilbara/shared-schema';
import { Coast, MAP_H, MAP_W } from './coast';
import { usePublicPrices } from './public-prices';
import classes from './coverage-map.module.css';
import { useProfile } from './profile-provider';
import { responseLine, useResponseFigures } from './response-times';
import { StatTile } from './stat-tile';

/** How an area's surcharge reads as pricing, from the price list in force. */
export function areaPricing(area: CoverageArea, prices: PriceTable = BUILT_IN_PRICES): string {
  const surcharge = coverageSurchargeText(prices, area.name);
  if (surcharge === 'Quote required') return surcharge;
  if (surcharge === 'None') return 'Standard rates, no surcharge';
  return `Standard rates + ${surcharge.slice(1)} surcharge`;
}

export function CoverageMap() {
  const prices = usePublicPrices();
  const [selected, setSelected] = useState<string | null>(null);
  const area = COVERAGE_AREAS.find((a) => a.name === selected) ?? null;
  const profile = useProfile();
  const figures = useResponseFigures();
  const overall = figures ? responseLine(figures, figures.overall.area) : null;
  const response = area ? responseLine(figures, area.name) : null;
  const range = `${profile.serviceRadiusKm} km`;

  const toggle = (name: string) => setSelected((current) => (current === name ? null : name));

  return (
    <Stack gap="lg">
      <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="sm">
        {[
          { value: COVERAGE_STATS.availability, label: 'Emergency service' },
          { value: String(COVERAGE_AREAS.length), label: 'Areas covered' },
          { value: range, label: `Range from ${profile.depot.name}` },
          // Measured from recorded jobs, or not shown (rules/response-times.ts).
          ...(overall ? [{ value: overall.figure, label: 'Median response, recorded jobs' }] : []),
        ].map((stat) => (
          <StatTile key={stat.label} {...stat} padding="sm" fz="xl" />
        ))}
      </SimpleGrid>
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, md: 8 }}>
          {/* The map is the picture; the towns below it are the controls (on a
              phone a marker is too small a target). A tap on a marker still chooses its town. */}
          <svg
            viewBox={`0 0 ${MAP_W} ${MAP_H}`}
            className={classes.map}
            role="img"
            aria-label="Coverage map of Karratha and the Pilbara coast"
          >
            <Coast />
            {COVERAGE_AREAS.map((a) => {
              const cx = (a.position.x / 100) * MAP_W;
              const cy = (a.position.y / 100) * MAP_H;
              const r = a.isMain ? 24 : 18;
              const pressed = a.name === selected;
              const labelLeft = a.position.x > 80;
              return (
                <g
                  key={a.name}
                  className={classes.area}
                  data-pressed={pressed || undefined}
                  onClick={() => toggle(a.name)}
                  data-area={a.name}
                >
                  <circle
                    cx={cx}
                    cy={cy}
                    r={r + 14}
                    className={classes.ring}
                    fill="#ffffff"
                    fillOpacity={0.35}
                    stroke="#8a2914"
                    strokeWidth={4}
                  />
                  <circle
                    cx={cx}
                    cy={cy}
                    r={r}
                    fill={pressed ? '#f0ba39' : a.isMain ? '#8a2914' : '#a8341c'}
                    stroke="#ffffff"
                    strokeWidth={5}
                  />
                  {/* An invisible larger target so fingers hit it easily. */}
                  <circle cx={cx} cy={cy} r={40} fill="transparent" />
                  <text
                    x={labelLeft ? cx - r - 10 : cx + r + 10}
                    y={cy + 9}
                    textAnchor={labelLeft ? 'end' : 'start'}
                    className={classes.label}
                  >
                    {a.name}
                  </text>
                </g>
              );
            })}
          </svg>
          <Text size="xs" c="dimmed" mt={4}>
            Dashed ring: our {range} range from {profile.depot.name}. Not to scale.
          </Text>
          <SimpleGrid
            cols={{ base: 2, sm: 3 }}
            spacing="xs"
            mt="sm"
            role="group"
            aria-label="Choose an area to see its details"
          >
            {COVERAGE_AREAS.map((a) => (
              <Button
                key={a.name}
                variant={a.name === selected ? 'filled' : 'light'}
                aria-pressed={a.name === selected}
                aria-label={`${a.name}: ${a.distance}`}
                onClick={() => toggle(a.name)}
              >
                {a.name}
              </Button>
            ))}
          </SimpleGrid>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 4 }}>
          <Card withBorder radius="md" padding="lg" aria-live="polite">
            {area ? (
              <Stack gap="sm">
                <Group justify="space-between">
                  <Title order={3}>{area.name}</Title>
                  {area.isMain && <Badge color="ochre">Home base</Badge>}
                </Group>
                <Group gap="xs" wrap="nowrap">
                  <IconRoute size={20} aria-hidden />
                  <Text>
                    <b>Distance:</b> {area.distance}
                  </Text>
                </Group>
                {response ? (
                  <Group gap="xs" wrap="nowrap" align="flex-start">
                    <IconClock size={20} aria-hidden style={{ flexShrink: 0, marginTop: 3 }} />
                    <Stack gap={0}>
                      <Text>
                        <b>Response time:</b> {response.figure}
                      </Text>
                      <Text size="xs" c="dimmed" data-testid="response-basis">
                        {response.basis}
                      </Text>
                    </Stack>
                  </Group>
                ) : null}
                <Group gap="xs" wrap="nowrap">
                  <IconCurrencyDollar size={20} aria-hidden />
                  <Text>
                    <b>Pricing:</b> {areaPricing(area, prices)}
                  </Text>
                </Group>
                <Button
                  component={Link}
                  to={`/booking?location=${encodeURIComponent(area.name)}`}
                  size="md"
                  mt="sm"
                >
                  Book Service for {area.name}
                </Button>
                <Button variant="subtle" onClick={() => setSelected(null)}>
                  Clear selection
                </Button>
              </Stack>
            ) : (
              <Stack gap="xs" align="center" ta="center" py="lg">
                <IconMapPin size={36} color="var(--mantine-color-ochre-8)" aria-hidden />
                <Text fw={700}>Choose an area on the map</Text>
                <Text size="sm" c="dimmed">
                  Tap or press Enter on a town to see its distance and pricing.
                </Text>
              </Stack>
            )}
          </Card>
        </Grid.Col>
      </Grid>
    </Stack>
  );
}
