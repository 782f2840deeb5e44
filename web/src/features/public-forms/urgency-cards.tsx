import { useEffect, useRef } from 'react';
import { Fieldset, Group, Radio, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconAlertTriangle, IconCalendar, IconClockHour4 } from '@tabler/icons-react';
import { URGENCY_LABELS, URGENCY_LEVELS, type Urgency } from '@pilbara/shared-schema';
import { useHydrated } from '../../lib/hydration';

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
 * The urgency as the page's HTML has it (before the script, or with none): the browser's own
 * radio buttons named `urgency`, each with its meaning, so the form posts natively. Mantine's
 * cards are buttons that only the script can make choose; these are inputs the browser checks
 * itself. A choice made here is carried into the form once the script has hydrated it.
 */
function BrowserUrgency({
  value,
  onChoice,
  error,
}: {
  value: Urgency;
  onChoice: (value: Urgency) => void;
  error?: string | undefined;
}) {
  const group = useRef<HTMLFieldSetElement>(null);
  useEffect(() => {
    const chosen = group.current?.querySelector<HTMLInputElement>('input[name="urgency"]:checked');
    if (chosen && chosen.value !== value) onChoice(chosen.value as Urgency);
    // Once, right after hydration: later choices are the cards'.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  return (
    <Fieldset
      ref={group}
      // Drawn as the other fields' labels are, with the required mark.
      legend={
        <Text span size="sm" fw={700}>
          Urgency{' '}
          <Text span c="var(--mantine-color-error)" aria-hidden>
            *
          </Text>
        </Text>
      }
      styles={{ legend: { padding: 0 } }}
      variant="unstyled"
      role="radiogroup"
      aria-required
      {...(error ? { 'aria-invalid': true } : {})}
    >
      <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="sm" mt="xs">
        {URGENCY_LEVELS.map((level) => (
          <Radio
            key={level}
            id={`urgency-${level}`}
            name="urgency"
            value={level}
            defaultChecked={value === level}
            label={URGENCY_LABELS[level].label}
            description={URGENCY_LABELS[level].description}
            color={COLOURS[level]}
            styles={{
              root: {
                border: '1px solid var(--mantine-color-default-border)',
                borderRadius: 'var(--mantine-radius-md)',
                padding: 'var(--mantine-spacing-md)',
              },
            }}
          />
        ))}
      </SimpleGrid>
      {error ? (
        <Text size="sm" c="red.8" mt={4}>
          {error}
        </Text>
      ) : null}
    </Fieldset>
  );
}

/**
 * Urgency as three clickable cards (booking variant B). Radio.Card gives real radio semantics:
 * Tab reaches the group, arrow keys move between the cards, Space selects. Until the script has
 * hydrated the page they are the browser's own radio buttons (BrowserUrgency).
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
  const hydrated = useHydrated();
  if (!hydrated) return <BrowserUrgency value={value} onChoice={onChange} error={error} />;
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
