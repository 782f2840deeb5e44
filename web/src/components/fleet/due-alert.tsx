/**
 * The fleet's due list as drawn (due-list.tsx works it out from the device's rows; an admin's
 * first screen has it from the sign-in's answer). Needs no device database.
 */
import { Alert, List, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { PRESTART_TEXT, type DueItem } from '@pilbara/shared-schema';

export function DueAlert({ items }: { items: readonly DueItem[] }) {
  return (
    <Alert
      color={items.some((item) => item.urgent) ? 'red' : items.length > 0 ? 'orange' : 'green'}
      variant="light"
      title={`${PRESTART_TEXT.dueTitle} (${items.length})`}
      icon={<IconAlertTriangle size={18} aria-hidden />}
      data-testid="fleet-due"
    >
      {items.length === 0 ? (
        <Text size="sm">{PRESTART_TEXT.nothingDue}</Text>
      ) : (
        <List size="sm" spacing={2}>
          {items.map((item) => (
            <List.Item
              key={`${item.vehicleId}-${item.kind}`}
              data-testid="due-item"
              data-kind={item.kind}
            >
              {item.urgent ? <b>{item.text}</b> : item.text}
            </List.Item>
          ))}
        </List>
      )}
    </Alert>
  );
}
