/** The customer dashboard's Profile tab: the customer's details, quick links and sign-out. */
import { Link } from 'react-router-dom';
import { Button, Card, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { formatWhen, type customerDashboardStats } from '@pilbara/shared-schema';
import type { CustomerInfo } from './customer-info';

export function DashboardProfile({
  info,
  stats,
  onSignOut,
}: {
  info: CustomerInfo;
  stats: ReturnType<typeof customerDashboardStats>;
  onSignOut: () => void;
}) {
  const { hasHistory } = stats;
  return (
    <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
      <Card withBorder radius="md" padding="lg">
        <Title order={3} size="h4" mb="sm">
          Your Details
        </Title>
        <Stack gap="xs">
          <Text>
            <Text span fw={600}>
              Name:{' '}
            </Text>
            {info.name}
          </Text>
          <Text>
            <Text span fw={600}>
              Phone:{' '}
            </Text>
            {info.phone}
          </Text>
          {info.email ? (
            <Text style={{ overflowWrap: 'anywhere' }}>
              <Text span fw={600}>
                Email:{' '}
              </Text>
              {info.email}
            </Text>
          ) : null}
          <Text>
            <Text span fw={600}>
              Member since:{' '}
            </Text>
            {hasHistory ? formatWhen(stats.memberSince, 'monthLong') : 'New Member'}
          </Text>
        </Stack>
      </Card>
      <Card withBorder radius="md" padding="lg">
        <Title order={3} size="h4" mb="sm">
          Quick Actions
        </Title>
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="xs">
          <Button component={Link} to="/service-history" variant="default" mih={44}>
            Service History
          </Button>
          <Button component={Link} to="/feedback" variant="default" mih={44}>
            Leave Feedback
          </Button>
          <Button component={Link} to="/booking" variant="default" mih={44}>
            Book a Service
          </Button>
          <Button component={Link} to="/contact" variant="default" mih={44}>
            Contact Us
          </Button>
        </SimpleGrid>
        <Button color="red" variant="light" fullWidth mt="md" mih={44} onClick={onSignOut}>
          Sign Out of Dashboard
        </Button>
      </Card>
    </SimpleGrid>
  );
}
