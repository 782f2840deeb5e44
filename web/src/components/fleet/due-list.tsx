/**
 * What is due across the fleet: services by km or date, registration and insurance
 * within 30 days, and trucks with a job but no pre-start today. Shown on the fleet screen and the
 * admin panel, from the same rule the owners' daily email uses.
 */
import { useEffect, useState } from 'react';
import { fleetDueItems } from '@pilbara/shared-schema';
import { DueAlert } from './due-alert';
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
  return <DueAlert items={fleetDueItems(vehicles, checks, jobs, now, services)} />;
}
