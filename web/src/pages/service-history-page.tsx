/**
 * Service history: a hard-coded sample of four past services with a
 * search box, a service filter and a status filter, totals and the average rating. It is labelled
 * as a sample wherever it shows figures, so no visitor takes them for their own. Book Similar
 * Service opens the booking form with that service chosen
 * (docs/decisions/2026-11-24-dead-buttons-work.md: a button a customer expects to work, works); the
 * sample has no invoices to download, so that button says so and is disabled. A customer's real
 * jobs and invoices are on My Dashboard.
 */
import { Link } from 'react-router-dom';
import {
  Alert,
  Anchor,
  Badge,
  Button,
  Card,
  Container,
  Group,
  NativeSelect,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import {
  IconCalendar,
  IconDownload,
  IconMapPin,
  IconRepeat,
  IconSearch,
  IconStarFilled,
} from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { formatDate, formatPrice } from '@pilbara/shared-schema';
import { PageHero } from '../components/page-hero';
import { HeadingWithHint } from '../components/heading-with-hint';
import { StatTile } from '../components/stat-tile';
import { usePageTitle } from '../lib/use-page-title';

export interface HistoryEntry {
  id: string;
  service: string;
  date: string;
  vehicle: string;
  location: string;
  costCents: number;
  status: 'Completed' | 'Cancelled';
  rating: number | null;
  notes: string;
}

export const SAMPLE_HISTORY: readonly HistoryEntry[] = [
  {
    id: 'JOB-2025-118',
    service: 'Emergency Towing',
    date: '2025-09-14',
    vehicle: '2016 Toyota HiLux',
    location: 'Dampier Road, Karratha',
    costCents: 18500,
    status: 'Completed',
    rating: 5,
    notes: 'Overheated on Dampier Road at night; towed to the workshop in Karratha.',
  },
  {
    id: 'JOB-2025-131',
    service: '4x4 Recovery',
    date: '2025-10-02',
    vehicle: '2019 Toyota LandCruiser 200',
    location: 'Millstream Road, Millstream-Chichester National Park',
    costCents: 38000,
    status: 'Completed',
    rating: 5,
    notes: 'Bogged in a creek crossing; winched out and checked over before the drive home.',
  },
  {
    id: 'JOB-2025-142',
    service: 'Automotive Repairs',
    date: '2025-10-21',
    vehicle: '2014 Ford Ranger',
    location: 'Bulgarra, Karratha',
    costCents: 22000,
    status: 'Completed',
    rating: 4,
    notes: 'Alternator replaced on the driveway; two hours of mobile repairs plus parts.',
  },
  {
    id: 'JOB-2025-150',
    service: 'Jump Start Service',
    date: '2025-11-03',
    vehicle: '2012 Mazda 3',
    location: 'Wickham',
    costCents: 0,
    status: 'Cancelled',
    rating: null,
    notes: 'Cancelled by the customer: a neighbour got the car started.',
  },
];

const ALL = 'All';

/** The entries that match a search text and the two filters. */
export function filterHistory(
  entries: readonly HistoryEntry[],
  search: string,
  service: string,
  status: string,
): HistoryEntry[] {
  const needle = search.trim().toLowerCase();
  return entries.filter(
    (entry) =>
      (service === ALL || entry.service === service) &&
      (status === ALL || entry.status === status) &&
      (!needle ||
        [entry.id, entry.service, entry.vehicle, entry.location].some((field) =>
          field.toLowerCase().includes(needle),
        )),
  );
}

/** Totals over a list: count, amount spent on completed jobs, and the average of given ratings. */
export function historyTotals(entries: readonly HistoryEntry[]): {
  count: number;
  spentCents: number;
  averageRating: number | null;
} {
  const rated = entries.filter((entry) => entry.rating !== null);
  const ratingSum = rated.reduce((sum, entry) => sum + (entry.rating ?? 0), 0);
  return {
    count: entries.length,
    spentCents: entries
      .filter((entry) => entry.status === 'Completed')
      .reduce((sum, entry) => sum + entry.costCents, 0),
    averageRating: rated.length ? Math.round((ratingSum / rated.length) * 10) / 10 : null,
  };
}

export function ServiceHistoryPage() {
  usePageTitle('Service History');
  const [search, setSearch] = useState('');
  const [service, setService] = useState(ALL);
  const [status, setStatus] = useState(ALL);
  const shown = useMemo(
    () => filterHistory(SAMPLE_HISTORY, search, service, status),
    [search, service, status],
  );
  const totals = historyTotals(shown);
  const services = [ALL, ...new Set(SAMPLE_HISTORY.map((entry) => entry.service))];
  const statuses = [ALL, ...new Set(SAMPLE_HISTORY.map((entry) => entry.status))];

  return (
    <>
      <PageHero
        title="Service History"
        subtitle="Your past jobs with us, their cost and how you rated them."
      />
      <Container size="lg" py={40}>
        <Stack gap="lg">
          <Alert color="ochre" variant="light" title="Sample history" data-testid="sample-notice">
            These four services are an example of how your history looks. Your own jobs, their
            status and invoices are on{' '}
            <Anchor component={Link} to="/dashboard" fw={700}>
              My Dashboard
            </Anchor>
            .
          </Alert>
          <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
            <TextInput
              label="Search"
              placeholder="Job ID, vehicle or location"
              leftSection={<IconSearch size={16} aria-hidden />}
              value={search}
              onChange={(event) => setSearch(event.currentTarget.value)}
            />
            <NativeSelect
              label="Service"
              data={services}
              value={service}
              onChange={(event) => setService(event.currentTarget.value)}
            />
            <NativeSelect
              label="Status"
              data={statuses}
              value={status}
              onChange={(event) => setStatus(event.currentTarget.value)}
            />
          </SimpleGrid>

          <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="sm">
            {[
              {
                label: 'Total services (sample)',
                value: String(totals.count),
                testId: 'total-services',
              },
              {
                label: 'Total spent (sample)',
                value: formatPrice(totals.spentCents),
                testId: 'total-spent',
              },
              {
                label: 'Average rating',
                value:
                  totals.averageRating === null
                    ? 'No ratings'
                    : `${totals.averageRating.toFixed(1)} / 5`,
                testId: 'average-rating',
              },
            ].map((tile) => (
              <StatTile key={tile.testId} {...tile} padding="md" fz={28} />
            ))}
          </SimpleGrid>

          {shown.length === 0 ? (
            <Text ta="center" c="dimmed" py="lg">
              No services match your search.
            </Text>
          ) : (
            shown.map((entry) => (
              <Card
                key={entry.id}
                withBorder
                radius="md"
                padding="lg"
                component="article"
                aria-label={`${entry.service} ${entry.id}`}
              >
                <Stack gap="xs">
                  <Group justify="space-between" align="flex-start" gap="xs">
                    <HeadingWithHint
                      order={2}
                      fz="lg"
                      title={entry.service}
                      hint={
                        <>
                          {entry.id} · {entry.vehicle}
                        </>
                      }
                    />
                    <Badge color={entry.status === 'Completed' ? '#1e6b32' : 'gray.7'}>
                      {entry.status}
                    </Badge>
                  </Group>
                  <Group gap="lg">
                    <Group gap={4}>
                      <IconCalendar size={16} aria-hidden />
                      <Text size="sm">{formatDate(entry.date)}</Text>
                    </Group>
                    <Group gap={4}>
                      <IconMapPin size={16} aria-hidden />
                      <Text size="sm">{entry.location}</Text>
                    </Group>
                    <Text size="sm" fw={700}>
                      {formatPrice(entry.costCents)}
                    </Text>
                    {entry.rating !== null && (
                      <Group gap={2} role="img" aria-label={`Rated ${entry.rating} out of 5`}>
                        {Array.from({ length: entry.rating }, (_, i) => (
                          <IconStarFilled
                            key={i}
                            size={16}
                            color="var(--mantine-color-spinifex-6)"
                            aria-hidden
                          />
                        ))}
                      </Group>
                    )}
                  </Group>
                  <Text size="sm">{entry.notes}</Text>
                  <Group gap="xs">
                    <Button
                      variant="outline"
                      size="sm"
                      mih={44}
                      disabled
                      title="Sample service: there is no invoice to download"
                      leftSection={<IconDownload size={16} aria-hidden />}
                    >
                      Download Invoice
                    </Button>
                    <Button
                      component={Link}
                      to={`/booking?service=${encodeURIComponent(entry.service)}`}
                      variant="light"
                      size="sm"
                      mih={44}
                      leftSection={<IconRepeat size={16} aria-hidden />}
                    >
                      Book Similar Service
                    </Button>
                  </Group>
                </Stack>
              </Card>
            ))
          )}
        </Stack>
      </Container>
    </>
  );
}
