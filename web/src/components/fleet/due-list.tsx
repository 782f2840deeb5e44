/**
 * What is due across the fleet: services by km or date, registration and insurance
 * within 30 days, and trucks with a job but no pre-start today. Shown on the fleet screen and the
 * admin panel, from the same rule the owners' daily email uses.
 */
import { useEffect, useState } from 'react';
import { Alert, List, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { PRESTART_TEXT, fleetDueItems } from '@pilbara/shared-schema';
import { usePrestartData } from './prestart-data';

/** The current time, refreshed each minute so "today" follows the clock on a screen left open. */
function useMinuteClock(): string {
  const [now, setNow] = useState(() => new Date().toISOString());
  useEffect(() => {
    const timer = window.setInterval(() => setNow(new Date().toISOString()), 60_000);
    return () => window.clearInterval(timer);
  }, []);
  return now;
}

export function DueList({ now: given }: { now?: string }) {
  const clock = useMinuteClock();
  const now = given ?? clock;
  const { vehicles, checks, jobs, services } = usePrestartData();
  const items = fleetDueItems(vehicles, checks, jobs, now, services);
  return (
    <Alert
      color={items.some((item) => item.urgent) ? 'red' : items.length > 0 ? 'orange' : 'green'}
      variant="light"
      title={`${PRESTART_TEXT.dueTitle} (${items.length})`}
      icon={<IconAlertTriangle size={18} aria-hidden />}
      data-testid="fleet-due"
    >
      {items.length === 0 ? (
        <Text size="sm">{PRESTART_TEXT.nothingDue}</Text>
      ) : (
        <List size="sm" spacing={2}>
          {items.map((item) => (
            <List.Item
              key={`${item.vehicleId}-${item.kind}`}
              data-testid="due-item"
              data-kind={item.kind}
            >
              {item.urgent ? <b>{item.text}</b> : item.text}
            </List.Item>
          ))}
        </List>
      )}
    </Alert>
  );
}
