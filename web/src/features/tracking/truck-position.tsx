/**
 * The truck on a tracking link: shown only while the job is En Route and the driver's
 * phone has shared a fix. It says when the truck was last seen and near which town, and gives an
 * honest estimate (straight-line distance at a stated average speed), or says the truck is out
 * of coverage once the fix is 15 minutes old, with no estimate at all. The wording and the rules
 * are shared-schema's (rules/live-position.ts); the minutes are the page's one arrival estimate
 * (rules/arrival.ts), shown under "Estimated Arrival", not repeated here. The truck is drawn on
 * the real map once its tiles load, on today's drawing until then or without them.
 */
import { lazy, Suspense, useEffect, useState } from 'react';
import { Alert, Group, Stack, Text, Title } from '@mantine/core';
import { IconAntennaBarsOff, IconRoute } from '@tabler/icons-react';
import {
  TRUCK_TEXT,
  destinationOf,
  mapPoint,
  truckView,
  type TruckPosition as Fix,
} from '@pilbara/shared-schema';
import { useHydrated } from '../../lib/hydration';
import { useInitialTracking } from './initial-tracking';
import { TruckMap } from './truck-map';

// The real map's wrapper loads only when a truck is shown: the portal's other pages (and the
// tracking link before En Route) carry none of it. Until it loads, and on the server, the
// drawing stands in its place, as the wrapper itself would show it.
const LiveMap = lazy(() =>
  import('../../components/live-map/live-map').then((m) => ({ default: m.LiveMap })),
);

/**
 * The clock, re-read every 5 s so "last seen" (rounded to the nearest minute), staleness and the
 * arrival estimate follow time between polls without a fetch. A page the server rendered starts
 * at the server's clock of that render (so hydration draws what the HTML shows), and moves to
 * the browser's at once after.
 */
export function useNow(everyMs = 5_000): Date {
  const renderedAt = useInitialTracking()?.renderedAt;
  const hydrating = !useHydrated();
  const [now, setNow] = useState(() =>
    hydrating && renderedAt ? new Date(renderedAt) : new Date(),
  );
  useEffect(() => {
    setNow(new Date());
    const timer = window.setInterval(() => setNow(new Date()), everyMs);
    return () => window.clearInterval(timer);
  }, [everyMs]);
  return now;
}

export function TruckPosition({
  position,
  location,
  now,
}: {
  position: Fix;
  location: string;
  now: Date;
}) {
  const destination = destinationOf(location);
  const view = truckView(
    { lat: position.latitude, lng: position.longitude, at: position.recordedAt },
    destination,
    now,
  );
  const lastSeen = TRUCK_TEXT.lastSeen(view);
  const stale = view.kind === 'out-of-coverage';
  const drawing = (
    <TruckMap
      truck={mapPoint({ lat: position.latitude, lng: position.longitude })}
      destination={destination ? mapPoint(destination) : null}
      label={`${lastSeen}. Map of the Pilbara coast, not to scale.`}
      stale={stale}
    />
  );
  return (
    <Stack gap="sm" data-testid="truck-position" data-state={view.kind}>
      <Title order={3} size="h4">
        {TRUCK_TEXT.heading}
      </Title>
      <Suspense fallback={drawing}>
        <LiveMap
          label={`${lastSeen}. Map of the Pilbara.`}
          markers={[
            {
              id: 'truck',
              kind: 'truck',
              lat: position.latitude,
              lng: position.longitude,
              label: lastSeen,
              faded: stale,
            },
            ...(destination
              ? [{ id: 'customer', kind: 'customer' as const, ...destination, label: 'You' }]
              : []),
          ]}
          drawing={drawing}
        />
      </Suspense>
      <Text fw={600} data-testid="truck-last-seen">
        {lastSeen}
      </Text>
      {stale ? (
        <Alert
          color="yellow"
          icon={<IconAntennaBarsOff size={20} aria-hidden />}
          title={TRUCK_TEXT.outOfCoverage}
          data-testid="truck-out-of-coverage"
        >
          {TRUCK_TEXT.outOfCoverageHint}
        </Alert>
      ) : (
        <Group gap={6} wrap="nowrap" align="flex-start">
          <IconRoute size={18} aria-hidden style={{ flexShrink: 0, marginTop: 1 }} />
          <Text size="sm" data-testid="truck-distance">
            {view.distanceKm !== null
              ? TRUCK_TEXT.distance(view.distanceKm)
              : TRUCK_TEXT.noEstimate}
          </Text>
        </Group>
      )}
    </Stack>
  );
}
