/** A figure in large type over what it counts (the public pages' "24/7 Emergency service"). */
import { Paper, Text, type MantineSize, type TextProps } from '@mantine/core';

export function StatTile({
  value,
  label,
  padding,
  fz,
  labelSize = 'sm',
  testId,
}: {
  value: string;
  label: string;
  padding: MantineSize;
  fz: TextProps['fz'];
  labelSize?: MantineSize;
  /** Marks the figure for tests that read it. */
  testId?: string;
}) {
  return (
    <Paper withBorder p={padding} radius="md" ta="center">
      <Text fw={800} fz={fz} c="ochre.8" data-testid={testId}>
        {value}
      </Text>
      <Text size={labelSize} c="dimmed">
        {label}
      </Text>
    </Paper>
  );
}
