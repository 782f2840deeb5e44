import { Text, Timeline } from '@mantine/core';
import {
  IconCircleCheck,
  IconCircleX,
  IconClipboardList,
  IconMapPin,
  IconTruckDelivery,
} from '@tabler/icons-react';
import { DATE_FORMATS, formatPerth, type TimelineEntry } from '@pilbara/shared-schema';

const ICONS = {
  created: IconClipboardList,
  'en-route': IconTruckDelivery,
  arrived: IconMapPin,
  completed: IconCircleCheck,
  cancelled: IconCircleX,
} as const;

/**
 * The live-updates timeline of the portal: each step at the time the driver's phone recorded it, as
 * the server built it from the job's history (docs/decisions/2026-11-27-recorded-times-only.md
 * overrides the spec's derived times), and nothing for a step not taken.
 */
export function JobTimeline({ entries }: { entries: readonly TimelineEntry[] }) {
  return (
    <Timeline
      active={entries.length - 1}
      bulletSize={28}
      lineWidth={2}
      aria-label="Live updates"
      data-testid="job-timeline"
    >
      {entries.map((entry) => {
        const Icon = ICONS[entry.key];
        return (
          <Timeline.Item
            key={entry.key}
            bullet={<Icon size={16} aria-hidden />}
            title={entry.message}
            data-key={entry.key}
            data-at={entry.at}
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
