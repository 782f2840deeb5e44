/**
 * The frame of a money document's card in the quotes and invoices lists: the customer, the
 * document's badges, its number, and the total on the right, then what the card adds below.
 */
import type { ReactNode } from 'react';
import { Badge, Card, Group, Stack, Text } from '@mantine/core';
import { formatCents } from '@pilbara/shared-schema';

export function DocumentCard({
  label,
  customerName,
  badges,
  reference,
  total,
  totalTestId,
  unsyncedTestId,
  unsynced,
  children,
  ...data
}: {
  /** The card's accessible name. */
  label: string;
  customerName: string;
  /** The status badges after the customer's name. */
  badges: ReactNode;
  /** The document's number (and what it refers to). */
  reference: ReactNode;
  total: number;
  totalTestId?: string;
  /** True while the document is changed on this device and not yet on the server. */
  unsynced: boolean;
  unsyncedTestId: string;
  children: ReactNode;
  [dataAttribute: `data-${string}`]: string | undefined;
}) {
  return (
    <Card withBorder radius="md" padding="md" component="article" aria-label={label} {...data}>
      <Stack gap="xs">
        <Group justify="space-between" align="flex-start" wrap="nowrap" gap="sm">
          <Stack gap={2} style={{ minWidth: 0 }}>
            <Group gap="xs">
              <Text fw={700} size="lg" style={{ overflowWrap: 'anywhere' }}>
                {customerName}
              </Text>
              {badges}
              {unsynced ? (
                <Badge color="yellow" variant="light" data-testid={unsyncedTestId}>
                  Not synced yet
                </Badge>
              ) : null}
            </Group>
            {reference}
          </Stack>
          <Text fw={800} size="xl" style={{ whiteSpace: 'nowrap' }} data-testid={totalTestId}>
            {formatCents(total)}
          </Text>
        </Group>
        {children}
      </Stack>
    </Card>
  );
}
