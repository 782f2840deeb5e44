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
import {
  BADGE_VARIANT_STYLES,
  jobStatusBadgeVariant,
  type JobStatus,
} from '@pilbara/shared-schema';

const ICONS: Record<JobStatus, typeof IconClock> = {
  Assigned: IconClock,
  'En Route': IconTruckDelivery,
  'In Progress': IconTool,
  Completed: IconCircleCheck,
  Cancelled: IconCircleX,
  Emergency: IconAlertTriangle,
  Scheduled: IconCalendarEvent,
};

export function JobStatusBadge({
  status,
  size = 'md',
}: {
  status: string;
  size?: 'sm' | 'md' | 'lg';
}) {
  const look = BADGE_VARIANT_STYLES[jobStatusBadgeVariant(status)];
  const Icon = ICONS[status as JobStatus] ?? IconClock;
  return (
    <Badge
      size={size}
      variant={look.variant}
      color={look.color}
      // Mantine's light and outline text is shade 6, under 4.5:1 on white; shade 9 reads in sunlight.
      c={look.variant === 'filled' ? undefined : `${look.color}.9`}
      leftSection={<Icon size={14} aria-hidden />}
      data-status={status}
    >
      {status}
    </Badge>
  );
}
