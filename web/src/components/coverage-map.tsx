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
import { usePublicPrices } from './public-prices';
import classes from './coverage-map.module.css';
import { useProfile } from './profile-provider';
import { responseLine, useResponseFigures } from './response-times';
import { StatTile } from './stat-tile';

/** The drawn map's size (its viewBox); positions are percent of it. */
export const MAP_W = 1000;
export const MAP_H = 700;

/** How an area's surcharge reads as pricing, from the price list in force. */
export function areaPricing(area: CoverageArea, prices: PriceTable = BUILT_IN_PRICES): string {
  const surcharge = coverageSurchargeText(prices, area.name);
  if (surcharge === 'Quote required') return surcharge;
  if (surcharge === 'None') return 'Standard rates, no surcharge';
  return `Standard rates + ${surcharge.slice(1)} surcharge`;
}

/** The drawn Pilbara coast, towns' roads and ranges: the map's background, reused by tracking. */
export function Coast() {
  return (
    <>
      <defs>
        <linearGradient id="land" x1="0" y1="0" x2="0" y2="1">
          <stop offset="0" stopColor="#e0a06c" />
          <stop offset="1" stopColor="#c4622d" />
        </linearGradient>
        <pattern id="range" width="24" height="24" patternUnits="userSpaceOnUse">
          <path d="M0 18 L8 8 L16 18" fill="none" stroke="#8d4a3a" strokeWidth="3" />
        </pattern>
      </defs>
      <rect width={MAP_W} height={MAP_H} fill="#9cc6d9" />
      {/* Coastline: Burrup Peninsula north of Dampier, Nickol Bay, the Point Samson headland. */}
      <path
        d="M0 262 C60 255 120 250 165 236 C190 226 196 200 204 168 C212 130 226 96 246 86 C262 80 270 100 266 130 C262 168 268 204 292 226
           C320 246 352 256 392 254 C440 250 480 232 520 214 C560 196 600 186 632 168 C660 152 680 130 700 122 C720 118 730 134 736 150
           C748 170 790 178 850 176 C910 174 960 170 1000 168 L1000 700 L0 700 Z"
        fill="url(#land)"
      />
      {/* Dampier Archipelago islands. */}
      <g fill="#d9925c">
        <ellipse cx="120" cy="170" rx="34" ry="16" />
        <ellipse cx="70" cy="120" rx="22" ry="10" />
        <ellipse cx="160" cy="110" rx="16" ry="9" />
        <ellipse cx="330" cy="150" rx="26" ry="12" />
        <ellipse cx="40" cy="205" rx="18" ry="8" />
      </g>
      {/* Chichester Range and the inland ranges. */}
      <rect x="0" y="600" width={MAP_W} height="100" fill="url(#range)" opacity="0.6" />
      <rect x="620" y="440" width="300" height="80" fill="url(#range)" opacity="0.45" />
      {/* Roads: North West Coastal Highway, Dampier Road, Point Samson Road, the mine road south. */}
      <g fill="none" stroke="#5b4a42" strokeLinecap="round">
        <path
          d="M0 330 C150 320 280 300 380 294 C480 290 580 300 660 308 C760 318 880 320 1000 330"
          strokeWidth="7"
        />
        <path d="M380 294 C320 280 250 260 200 238" strokeWidth="5" />
        <path d="M660 308 C650 270 630 240 620 210 C640 180 680 150 700 140" strokeWidth="5" />
        <path d="M380 294 C420 380 470 460 520 546" strokeWidth="5" strokeDasharray="14 10" />
      </g>
      <circle
        cx="380"
        cy="294"
        r="250"
        fill="none"
        stroke="#8a2914"
        strokeWidth="3"
        strokeDasharray="10 12"
        opacity="0.55"
      />
      <text x="60" y="60" className={classes.placeLabel}>
        Indian Ocean
      </text>
      <text x="430" y="200" className={classes.placeLabel}>
        Nickol Bay
      </text>
      <text x="700" y="600" fontSize="22" fill="#6b564b" fontStyle="italic">
        Chichester Range
      </text>
    </>
  );
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
