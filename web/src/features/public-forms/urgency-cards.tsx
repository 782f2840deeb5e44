import { Group, Radio, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconAlertTriangle, IconCalendar, IconClockHour4 } from '@tabler/icons-react';
import { URGENCY_LABELS, URGENCY_LEVELS, type Urgency } from '@pilbara/shared-schema';

const ICONS: Record<Urgency, typeof IconAlertTriangle> = {
  emergency: IconAlertTriangle,
  'same-day': IconClockHour4,
  scheduled: IconCalendar,
};

// The brand's own colours (ochre, spinifex gold, ironstone), not Mantine's bright red and blue.
const COLOURS: Record<Urgency, string> = {
  emergency: 'ochre',
  'same-day': 'spinifex',
  scheduled: 'ironstone',
};

/**
 * Urgency as three clickable cards (booking variant B). Radio.Card gives real radio semantics:
 * Tab reaches the group, arrow keys move between the cards, Space selects.
 */
export function UrgencyCards({
  value,
  onChange,
  error,
}: {
  value: Urgency;
  onChange: (value: Urgency) => void;
  error?: string | undefined;
}) {
  return (
    <Radio.Group
      value={value}
      onChange={(next) => onChange(next as Urgency)}
      label="Urgency"
      withAsterisk
      error={error}
      name="urgency"
    >
      <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="sm" mt="xs">
        {URGENCY_LEVELS.map((level) => {
          const Icon = ICONS[level];
          const selected = value === level;
          return (
            <Radio.Card
              key={level}
              value={level}
              radius="md"
              p="md"
              aria-label={`${URGENCY_LABELS[level].label}: ${URGENCY_LABELS[level].description}`}
              style={{
                borderColor: selected ? `var(--mantine-color-${COLOURS[level]}-6)` : undefined,
                borderWidth: selected ? 2 : 1,
                background: selected ? `var(--mantine-color-${COLOURS[level]}-0)` : undefined,
              }}
            >
              <Group wrap="nowrap" align="flex-start" gap="sm">
                <Radio.Indicator />
                <Stack gap={2}>
                  <Group gap={6} wrap="nowrap">
                    <Icon
                      size={18}
                      color={`var(--mantine-color-${COLOURS[level]}-7)`}
                      aria-hidden
                    />
                    <Text fw={700}>{URGENCY_LABELS[level].label}</Text>
                  </Group>
                  <Text size="sm" c="dimmed">
                    {URGENCY_LABELS[level].description}
                  </Text>
                </Stack>
              </Group>
            </Radio.Card>
          );
        })}
      </SimpleGrid>
    </Radio.Group>
  );
}
