/** One figure of the admin panel's summary (summary-tiles.tsx, and the first screen's). */
import { Paper, Text } from '@mantine/core';
import classes from './admin.module.css';

export function Tile({
  label,
  value,
  testId,
  accent,
}: {
  label: string;
  value: number;
  testId: string;
  accent?: string;
}) {
  return (
    <Paper withBorder p="md" radius="md" className={classes.tile} data-testid={testId}>
      <Text size="sm" c="dimmed" fw={600}>
        {label}
      </Text>
      <Text className={classes.tileValue} c={accent} data-testid={`${testId}-value`}>
        {value}
      </Text>
    </Paper>
  );
}
