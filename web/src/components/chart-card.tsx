/** A titled chart card; `emptyText` stands in for the chart while there is nothing to draw. */
import type { ReactNode } from 'react';
import { Card, Stack, Text, Title } from '@mantine/core';

export function ChartCard({
  testId,
  title,
  titleOrder,
  empty,
  emptyText,
  className,
  children,
}: {
  testId: string;
  title: string;
  /** The heading level where the card stands on its screen. */
  titleOrder: 2 | 3;
  empty: boolean;
  emptyText: string;
  className?: string;
  children: ReactNode;
}) {
  return (
    <Card withBorder radius="md" padding="md" className={className} data-testid={testId}>
      <Stack gap="xs">
        <Title order={titleOrder} size="h5">
          {title}
        </Title>
        {empty ? (
          <Text size="sm" c="dimmed">
            {emptyText}
          </Text>
        ) : (
          children
        )}
      </Stack>
    </Card>
  );
}
