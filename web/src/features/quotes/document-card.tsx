/**
 * The frame of a money document's card in the quotes and invoices lists: the customer, the
 * document's badges, its number, and the total on the right, then what the card adds below, and
 * the document's history: the emails and texts sent about it (read from the server on demand).
 */
import { useState, type ReactNode } from 'react';
import { Badge, Button, Card, Collapse, Group, Stack, Text } from '@mantine/core';
import { IconHistory } from '@tabler/icons-react';
import { formatCents } from '@pilbara/shared-schema';
import { CustomerMessages } from '../../components/customer-messages';

/** The words of the history toggle and its empty list. */
const HISTORY_TEXT = {
  show: 'Sent to the customer',
  hide: 'Hide what was sent',
  none: 'Nothing has been sent about this yet.',
};

export function DocumentCard({
  label,
  customerName,
  badges,
  reference,
  total,
  totalTestId,
  unsyncedTestId,
  unsynced,
  messagesPath,
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
  /** Where its messages are read from; none while the server does not know the document. */
  messagesPath?: string | null;
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
        {messagesPath ? <DocumentHistory path={messagesPath} /> : null}
      </Stack>
    </Card>
  );
}

function DocumentHistory({ path }: { path: string }) {
  const [open, setOpen] = useState(false);
  return (
    <Stack gap="xs">
      <Button
        variant="subtle"
        size="xs"
        mih={44}
        leftSection={<IconHistory size={16} aria-hidden />}
        onClick={() => setOpen((value) => !value)}
        aria-expanded={open}
        style={{ alignSelf: 'flex-start' }}
      >
        {open ? HISTORY_TEXT.hide : HISTORY_TEXT.show}
      </Button>
      <Collapse expanded={open}>
        {open ? <CustomerMessages path={path} none={HISTORY_TEXT.none} /> : null}
      </Collapse>
    </Stack>
  );
}
