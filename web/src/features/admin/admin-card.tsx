/**
 * A booking, job or message card of the staff panel. Its left edge says how urgent it is, the
 * same red for an emergency booking, an Emergency job and an URGENT message.
 */
import type { ReactNode } from 'react';
import { Card } from '@mantine/core';
import type { Urgency } from '@pilbara/shared-schema';
import classes from './admin.module.css';

const EDGE: Record<Urgency, string | undefined> = {
  emergency: classes.emergency,
  'same-day': classes.sameDay,
  scheduled: classes.scheduled,
};

export function AdminCard({
  urgency,
  id,
  children,
  ...data
}: {
  /** None: a plain edge. */
  urgency?: Urgency;
  id?: string;
  children: ReactNode;
  /** The card's `data-testid` and the ids the tests find it by. */
  [data: `data-${string}`]: string | undefined;
}) {
  return (
    <Card
      withBorder
      radius="md"
      padding="md"
      // An urgency this build does not know (a newer server's) reads as scheduled.
      className={urgency ? (EDGE[urgency] ?? classes.scheduled) : undefined}
      id={id}
      {...data}
    >
      {children}
    </Card>
  );
}
