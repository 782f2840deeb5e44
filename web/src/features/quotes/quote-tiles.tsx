/** The quotes manager's summary tiles (spec staff §2): Total Quotes, Accepted, Pending (sent), Total Value. */
import { Paper, SimpleGrid, Text } from '@mantine/core';
import { formatCentsWhole, quoteStats, type Quote } from '@pilbara/shared-schema';

export function QuoteTiles({ quotes }: { quotes: readonly Quote[] }) {
  const stats = quoteStats(quotes);
  const tiles = [
    { label: 'Total Quotes', value: String(stats.totalQuotes) },
    { label: 'Accepted', value: String(stats.accepted) },
    { label: 'Pending', value: String(stats.pending) },
    { label: 'Total Value', value: formatCentsWhole(stats.totalValueCents) },
  ];
  return (
    <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="sm">
      {tiles.map((tile) => (
        <Paper key={tile.label} withBorder radius="md" p="md" role="group" aria-label={tile.label}>
          <Text size="xs" c="dimmed" tt="uppercase" fw={700}>
            {tile.label}
          </Text>
          <Text fw={800} fz={{ base: 'xl', sm: 28 }} lh={1.2}>
            {tile.value}
          </Text>
        </Paper>
      ))}
    </SimpleGrid>
  );
}
