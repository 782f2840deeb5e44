/** Contact Messages (spec staff §2): Sent/Pending and URGENT/Normal badges and the customer info. */
import { Badge, Group, Stack, Text } from '@mantine/core';
import { contactMessageBadges, type EmailRecord, formatDateTime } from '@pilbara/shared-schema';
import { ADMIN_TEXT } from './admin-text';
import classes from './admin.module.css';
import { AdminCard } from './admin-card';

function MessageCard({ email }: { email: EmailRecord }) {
  const badges = contactMessageBadges(email);
  const info = email.customerInfo;
  return (
    <AdminCard
      urgency={badges.priority === 'URGENT' ? 'emergency' : undefined}
      data-testid="contact-message"
    >
      <Stack gap={6}>
        <Group justify="space-between" wrap="wrap" gap="xs">
          <Group gap="xs">
            <Badge color={badges.delivery === 'Sent' ? 'green' : 'yellow'} variant="light">
              {badges.delivery}
            </Badge>
            <Badge
              color={badges.priority === 'URGENT' ? 'red' : 'gray'}
              variant={badges.priority === 'URGENT' ? 'filled' : 'outline'}
            >
              {badges.priority}
            </Badge>
          </Group>
          <Text size="sm" c="dimmed">
            {formatDateTime(email.timestamp)}
          </Text>
        </Group>
        <Text fw={700} className={classes.detail}>
          {email.subject}
        </Text>
        {info ? (
          <>
            <Text size="sm">
              <b>{info.name}</b> · {info.phone} ·{' '}
              <span className={classes.detail}>{info.email}</span>
            </Text>
            <Text size="sm">Service: {info.service}</Text>
            <Text size="sm" className={classes.detail} style={{ whiteSpace: 'pre-wrap' }}>
              {info.message}
            </Text>
          </>
        ) : (
          <Text size="sm" c="dimmed" className={classes.detail}>
            To: {email.to}
          </Text>
        )}
      </Stack>
    </AdminCard>
  );
}

export function ContactMessages({ emails }: { emails: EmailRecord[] }) {
  if (emails.length === 0) return <Text c="dimmed">{ADMIN_TEXT.noMessages}</Text>;
  return (
    <Stack gap="sm">
      {emails.map((email) => (
        <MessageCard key={email.id} email={email} />
      ))}
    </Stack>
  );
}
