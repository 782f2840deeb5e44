/** Badges of the admin lists: job status (spec public §4 variants), urgency, and "not synced yet". */
import { Badge, Tooltip } from '@mantine/core';
import { IconAlertTriangle, IconCloudUpload } from '@tabler/icons-react';
import { URGENCY_LABELS, jobStatusBadge, type Urgency } from '@pilbara/shared-schema';
import { JobStatusIcon } from '../../components/job-status-icon';
import { ADMIN_TEXT } from './admin-text';

export function StatusBadge({ status }: { status: string }) {
  const { look } = jobStatusBadge(status);
  return (
    <Badge
      variant={look.variant}
      color={look.color}
      leftSection={<JobStatusIcon status={status} />}
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
