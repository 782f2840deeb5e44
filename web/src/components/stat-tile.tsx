/** A figure in large type over what it counts (the public pages' "24/7 Emergency service"). */
import { Paper, Text, type MantineSize, type TextProps } from '@mantine/core';

export function StatTile({
  value,
  label,
  padding,
  fz,
  labelSize = 'sm',
}: {
  value: string;
  label: string;
  padding: MantineSize;
  fz: TextProps['fz'];
  labelSize?: MantineSize;
}) {
  return (
    <Paper withBorder p={padding} radius="md" ta="center">
      <Text fw={800} fz={fz} c="ochre.8">
        {value}
      </Text>
      <Text size={labelSize} c="dimmed">
        {label}
      </Text>
    </Paper>
  );
}
