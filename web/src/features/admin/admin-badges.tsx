/** Badges of the admin lists: job status (spec public §4 variants), urgency, and "not synced yet". */
import { Badge, Tooltip } from '@mantine/core';
import {
  IconAlertTriangle,
  IconCalendarEvent,
  IconCircleCheck,
  IconCircleX,
  IconClock,
  IconCloudUpload,
  IconTool,
  IconTruckDelivery,
} from '@tabler/icons-react';
import {
  BADGE_VARIANT_STYLES,
  URGENCY_LABELS,
  jobStatusBadgeVariant,
  type JobStatus,
  type Urgency,
} from '@pilbara/shared-schema';
import { ADMIN_TEXT } from './admin-text';

const STATUS_ICONS: Record<JobStatus, typeof IconClock> = {
  Assigned: IconClock,
  'En Route': IconTruckDelivery,
  'In Progress': IconTool,
  Completed: IconCircleCheck,
  Cancelled: IconCircleX,
  Emergency: IconAlertTriangle,
  Scheduled: IconCalendarEvent,
};

export function StatusBadge({ status }: { status: string }) {
  const look = BADGE_VARIANT_STYLES[jobStatusBadgeVariant(status)];
  const Icon = STATUS_ICONS[status as JobStatus] ?? IconClock;
  return (
    <Badge
      variant={look.variant}
      color={look.color}
      leftSection={<Icon size={14} aria-hidden />}
      data-testid="job-status"
    >
      {status}
    </Badge>
  );
}

const URGENCY_COLORS: Record<Urgency, string> = {
  emergency: 'red',
  'same-day': 'orange',
  scheduled: 'gray',
};

/** Urgency, shown large: the first thing read when triaging from the cab. */
export function UrgencyBadge({ urgency }: { urgency: Urgency }) {
  const known = URGENCY_LABELS[urgency] ? urgency : 'scheduled';
  return (
    <Badge
      size="lg"
      variant={known === 'scheduled' ? 'light' : 'filled'}
      color={URGENCY_COLORS[known]}
      leftSection={known === 'emergency' ? <IconAlertTriangle size={16} aria-hidden /> : undefined}
      data-testid="urgency"
    >
      {URGENCY_LABELS[known].label}
    </Badge>
  );
}

/** Marks a row this device changed that the server has not confirmed yet. */
export function PendingBadge() {
  return (
    <Tooltip label={ADMIN_TEXT.pendingHint} multiline w={240} withArrow>
      <Badge
        variant="outline"
        color="yellow.8"
        leftSection={<IconCloudUpload size={14} aria-hidden />}
        data-testid="pending-marker"
      >
        {ADMIN_TEXT.pending}
      </Badge>
    </Tooltip>
  );
}
