import { Badge } from '@mantine/core';
import {
  IconAlertTriangle,
  IconCalendarEvent,
  IconCircleCheck,
  IconCircleX,
  IconClock,
  IconTool,
  IconTruckDelivery,
} from '@tabler/icons-react';
import { jobBadgeVariant, type JobStatus } from '@pilbara/shared-schema';

const ICONS: Record<JobStatus, typeof IconClock> = {
  Assigned: IconClock,
  'En Route': IconTruckDelivery,
  'In Progress': IconTool,
  Completed: IconCircleCheck,
  Cancelled: IconCircleX,
  Emergency: IconAlertTriangle,
  Scheduled: IconCalendarEvent,
};

/** How each of the spec's badge variants (§4 "Badge styling") looks in Mantine. */
const LOOK = {
  destructive: { variant: 'filled', color: 'red' },
  default: { variant: 'filled', color: 'blue' },
  secondary: { variant: 'light', color: 'gray' },
  outline: { variant: 'outline', color: 'gray' },
} as const;

export function JobStatusBadge({ status, size = 'md' }: { status: string; size?: 'sm' | 'md' | 'lg' }) {
  const look = LOOK[jobBadgeVariant(status)];
  const Icon = ICONS[status as JobStatus] ?? IconClock;
  return (
    <Badge size={size} variant={look.variant} color={look.color} leftSection={<Icon size={14} aria-hidden />} data-status={status}>
      {status}
    </Badge>
  );
}
