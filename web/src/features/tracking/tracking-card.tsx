/**
 * The card a tracking link shows, for a booking still waiting or for the job it became: what is
 * being done, its reference and where it stands on top, the details under them.
 */
import type { ReactNode } from 'react';
import { Card, Group, Stack, Title, type MantineSpacing } from '@mantine/core';

export function TrackingCard({
  testId,
  service,
  reference,
  status,
  gap,
  children,
}: {
  testId: string;
  service: string;
  /** The booking or job id, as the customer reads it out on the phone. */
  reference: ReactNode;
  status: ReactNode;
  gap: MantineSpacing;
  children: ReactNode;
}) {
  return (
    <Card withBorder radius="md" padding="lg" aria-live="polite" data-testid={testId}>
      <Stack gap={gap}>
        <Group justify="space-between" align="flex-start" wrap="wrap" gap="sm">
          <Stack gap={4}>
            <Title order={2} size="h3">
              {service}
            </Title>
            {reference}
          </Stack>
          {status}
        </Group>
        {children}
      </Stack>
    </Card>
  );
}
