/** The customer dashboard's four tiles: active jobs, completed services, member since, feedback. */
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { Anchor, Badge, Card, Group, SimpleGrid, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconCheck, IconStar, IconTruck, IconUserCircle } from '@tabler/icons-react';
import { formatWhen, type customerDashboardStats } from '@pilbara/shared-schema';

type DashboardStats = ReturnType<typeof customerDashboardStats>;

function Tile({
  icon,
  label,
  children,
  colour,
}: {
  icon: ReactNode;
  label: string;
  children: ReactNode;
  colour: string;
}) {
  return (
    <Card withBorder radius="md" padding="md">
      <Group justify="space-between" align="flex-start" wrap="nowrap">
        <Stack gap={4} style={{ minWidth: 0 }}>
          <Text size="sm" c="dimmed" fw={600}>
            {label}
          </Text>
          {children}
        </Stack>
        <ThemeIcon variant="light" color={colour} size={40} radius="md" aria-hidden>
          {icon}
        </ThemeIcon>
      </Group>
    </Card>
  );
}

export function DashboardTiles({ stats }: { stats: DashboardStats }) {
  const { hasHistory } = stats;
  return (
    <SimpleGrid cols={{ base: 2, md: 4 }} spacing={{ base: 'sm', sm: 'md' }}>
      <Tile icon={<IconTruck size={22} />} label="Active Jobs" colour="ochre">
        <Group gap="xs">
          <Text fz={28} fw={700} lh={1}>
            {stats.activeJobs}
          </Text>
          <Badge
            color={stats.activeJobs > 0 ? 'teal.9' : 'gray'}
            variant={stats.activeJobs > 0 ? 'filled' : 'light'}
            c={stats.activeJobs > 0 ? undefined : 'gray.9'}
          >
            {stats.activeJobs > 0 ? 'Active' : 'None'}
          </Badge>
        </Group>
      </Tile>
      <Tile icon={<IconCheck size={22} />} label="Completed Services" colour="ironstone">
        <Text fz={28} fw={700} lh={1}>
          {stats.completedJobs}
        </Text>
      </Tile>
      <Tile icon={<IconUserCircle size={22} />} label="Member Since" colour="spinifex">
        <Text fz="xl" fw={700} lh={1.2}>
          {hasHistory ? formatWhen(stats.memberSince, 'month') : 'New'}
        </Text>
      </Tile>
      <Tile icon={<IconStar size={22} />} label="Share Feedback" colour="spinifex">
        <Anchor component={Link} to="/feedback" fw={600}>
          Leave Review
        </Anchor>
      </Tile>
    </SimpleGrid>
  );
}
