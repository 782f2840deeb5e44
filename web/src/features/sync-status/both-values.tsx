/**
 * Parts shared by the items of the needs-attention list: one part of a record with two values
 * one under the other (a table cuts its columns on a phone), and an action's error.
 */
import type { ReactNode } from 'react';
import { Paper, Stack, Text } from '@mantine/core';

function Value({ label, value }: { label: string; value: ReactNode }) {
  return (
    <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
      <Text span fw={600}>
        {label}:{' '}
      </Text>
      {value}
    </Text>
  );
}

export function BothValues({
  testId,
  label,
  first,
  second,
  children,
}: {
  testId: string;
  label: string;
  first: readonly [label: string, value: ReactNode];
  second: readonly [label: string, value: ReactNode];
  /** Under the two values: the choice between them, where there is one. */
  children?: ReactNode;
}) {
  return (
    <Paper withBorder p="xs" radius="sm" role="listitem" data-testid={testId}>
      <Stack gap={4}>
        <Text size="sm" fw={700}>
          {label}
        </Text>
        <Value label={first[0]} value={first[1]} />
        <Value label={second[0]} value={second[1]} />
        {children}
      </Stack>
    </Paper>
  );
}

export function ActionError({ message }: { message: string | null }) {
  if (!message) return null;
  return (
    <Text size="sm" c="red" role="alert">
      {message}
    </Text>
  );
}
