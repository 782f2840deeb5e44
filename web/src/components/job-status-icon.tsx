/** The icon of a job status badge: shared-schema's table names it, this maps it to Tabler's. */
import {
  IconAlertTriangle,
  IconCalendarEvent,
  IconCircleCheck,
  IconCircleX,
  IconClock,
  IconTool,
  IconTruckDelivery,
} from '@tabler/icons-react';
import { jobStatusBadge, type JobStatusIcon as IconName } from '@pilbara/shared-schema';

const ICONS: Record<IconName, typeof IconClock> = {
  'alert-triangle': IconAlertTriangle,
  tool: IconTool,
  truck: IconTruckDelivery,
  'circle-check': IconCircleCheck,
  calendar: IconCalendarEvent,
  'circle-x': IconCircleX,
  clock: IconClock,
};

export function JobStatusIcon({ status, size = 14 }: { status: string; size?: number }) {
  const Icon = ICONS[jobStatusBadge(status).icon];
  return <Icon size={size} aria-hidden />;
}
