import { Badge } from '@mantine/core';
import { jobStatusBadge } from '@pilbara/shared-schema';
import { JobStatusIcon } from '../../components/job-status-icon';

export function JobStatusBadge({
  status,
  size = 'md',
  label = status,
}: {
  status: string;
  size?: 'sm' | 'md' | 'lg';
  /** The words shown (a customer's page says "On the way" for En Route); the status by default. */
  label?: string;
}) {
  const { look } = jobStatusBadge(status);
  return (
    <Badge
      size={size}
      variant={look.variant}
      color={look.color}
      // Mantine's light and outline text is shade 6, under 4.5:1 on white; shade 9 reads in sunlight.
      c={look.variant === 'filled' ? undefined : `${look.color}.9`}
      leftSection={<JobStatusIcon status={status} />}
      data-status={status}
    >
      {label}
    </Badge>
  );
}
