import { Text, Timeline } from '@mantine/core';
import {
  IconCircleCheck,
  IconCircleX,
  IconClipboardList,
  IconMapPin,
  IconTruckDelivery,
} from '@tabler/icons-react';
import { customerTimeline, DATE_FORMATS, formatPerth, type Job } from '@pilbara/shared-schema';

const ICONS = {
  created: IconClipboardList,
  'en-route': IconTruckDelivery,
  arrived: IconMapPin,
  completed: IconCircleCheck,
  cancelled: IconCircleX,
} as const;

/** The live-updates timeline of the portal, derived from the job's status (spec §4). */
export function JobTimeline({ job }: { job: Job }) {
  const entries = customerTimeline(job);
  return (
    <Timeline active={entries.length - 1} bulletSize={28} lineWidth={2} aria-label="Live updates">
      {entries.map((entry) => {
        const Icon = ICONS[entry.key];
        return (
          <Timeline.Item
            key={entry.key}
            bullet={<Icon size={16} aria-hidden />}
            title={entry.message}
          >
            <Text size="sm" c="dimmed">
              {formatPerth(entry.at, `${DATE_FORMATS.date} h:mm A`)}
            </Text>
          </Timeline.Item>
        );
      })}
    </Timeline>
  );
}
