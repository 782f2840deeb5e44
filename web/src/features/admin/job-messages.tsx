/**
 * The job history's messages to the customer: each email and text the server sent
 * about the job, its booking, quotes and payments — when, which channel, where it stands (a
 * failure shows the provider's reason) — with "Send again" by hand. Messages are the server's
 * record (it sends them), so this needs a connection and says so; it refreshes while one is
 * still on its way.
 */
import { useCallback, useEffect, useState } from 'react';
import { Badge, Button, Group, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconMail, IconMessage, IconSend } from '@tabler/icons-react';
import {
  JOB_MESSAGES_TEXT,
  MESSAGES,
  TOAST_DURATIONS,
  jobMessagesResponseSchema,
  messageEventLabel,
  notificationResendResponseSchema,
  type JobMessage,
} from '@pilbara/shared-schema';
import { apiRequest, serverMessage } from '../../lib/http';
import { StaffOfflineError, online } from './staff-api';
import { formatDateTime } from './format';

/** How often the list is read again while a message is pending or being sent. */
const REFRESH_MS = 3_000;

const STATUS_COLOURS: Record<JobMessage['status'], string> = {
  pending: 'yellow',
  sending: 'blue',
  sent: 'green',
  failed: 'red',
};

async function fetchMessages(jobId: string): Promise<JobMessage[]> {
  const answer = await online(() =>
    apiRequest<unknown>(`/api/jobs/${encodeURIComponent(jobId)}/messages`),
  );
  return jobMessagesResponseSchema.parse(answer).messages;
}

async function resend(id: number): Promise<JobMessage> {
  const answer = await online(() =>
    apiRequest<unknown>(`/api/notifications/${id}/resend`, { method: 'POST' }),
  );
  return notificationResendResponseSchema.parse(answer).message;
}

type State =
  | { status: 'loading' }
  | { status: 'offline' }
  | { status: 'failed'; message: string }
  | { status: 'ready'; list: JobMessage[] };

function MessageItem({
  message,
  busy,
  onResend,
}: {
  message: JobMessage;
  busy: boolean;
  onResend: () => void;
}) {
  const Icon = message.type === 'sms' ? IconMessage : IconMail;
  const settled = message.status === 'sent' || message.status === 'failed';
  return (
    <Paper
      withBorder
      radius="sm"
      p="xs"
      data-testid="job-message"
      data-channel={message.type}
      data-status={message.status}
    >
      <Stack gap={4}>
        <Group justify="space-between" gap="xs" wrap="wrap">
          <Group gap={6} wrap="nowrap" style={{ minWidth: 0 }}>
            <Icon size={16} aria-hidden />
            <Text size="sm" fw={600}>
              {messageEventLabel(message.event)}
            </Text>
            <Text size="xs" c="dimmed">
              {JOB_MESSAGES_TEXT.channel[message.type]}
            </Text>
          </Group>
          <Badge color={STATUS_COLOURS[message.status]} variant="light" size="sm">
            {JOB_MESSAGES_TEXT.status[message.status]}
          </Badge>
        </Group>
        <Text size="xs" c="dimmed">
          {[
            formatDateTime(message.sentAt ?? message.createdAt),
            message.recipient,
            message.segments ? JOB_MESSAGES_TEXT.segments(message.segments) : null,
          ]
            .filter(Boolean)
            .join(' · ')}
        </Text>
        <Text size="sm" style={{ overflowWrap: 'anywhere', whiteSpace: 'pre-wrap' }} lineClamp={4}>
          {message.message}
        </Text>
        {message.error && (
          <Text size="xs" c={message.status === 'failed' ? 'red' : 'orange'} role="note">
            {message.error}
          </Text>
        )}
        {settled && message.event && (
          <Group justify="flex-end">
            <Button
              size="xs"
              variant={message.status === 'failed' ? 'light' : 'subtle'}
              leftSection={<IconSend size={14} aria-hidden />}
              loading={busy}
              onClick={onResend}
              aria-label={`${JOB_MESSAGES_TEXT.resend}: ${messageEventLabel(message.event)} (${JOB_MESSAGES_TEXT.channel[message.type]})`}
            >
              {JOB_MESSAGES_TEXT.resend}
            </Button>
          </Group>
        )}
      </Stack>
    </Paper>
  );
}

export function JobMessages({ jobId }: { jobId: string }) {
  const [state, setState] = useState<State>({ status: 'loading' });
  const [busy, setBusy] = useState<number | null>(null);

  const load = useCallback(async () => {
    try {
      setState({ status: 'ready', list: await fetchMessages(jobId) });
    } catch (error) {
      setState(
        error instanceof StaffOfflineError
          ? { status: 'offline' }
          : { status: 'failed', message: serverMessage(error) ?? MESSAGES.ERROR_TITLE },
      );
    }
  }, [jobId]);

  useEffect(() => {
    void load();
  }, [load]);

  const waiting =
    state.status === 'ready' &&
    state.list.some((message) => message.status === 'pending' || message.status === 'sending');
  useEffect(() => {
    if (!waiting) return;
    const timer = window.setInterval(() => void load(), REFRESH_MS);
    return () => window.clearInterval(timer);
  }, [waiting, load]);

  const sendAgain = (message: JobMessage) => {
    setBusy(message.id);
    resend(message.id)
      .then(
        () => {
          notifications.show({
            message: JOB_MESSAGES_TEXT.resent,
            color: 'green',
            autoClose: TOAST_DURATIONS.default,
          });
          return load();
        },
        (error: unknown) =>
          notifications.show({
            title: MESSAGES.ERROR_TITLE,
            message:
              error instanceof StaffOfflineError
                ? JOB_MESSAGES_TEXT.needsConnection
                : (serverMessage(error) ?? MESSAGES.ERROR_TITLE),
            color: 'red',
            autoClose: TOAST_DURATIONS.default,
          }),
      )
      .finally(() => setBusy(null));
  };

  return (
    <Stack gap="xs" data-testid="job-messages">
      <Title order={4} size="h5">
        {JOB_MESSAGES_TEXT.title}
      </Title>
      {state.status === 'loading' && <Loader size="sm" aria-label={JOB_MESSAGES_TEXT.title} />}
      {state.status === 'offline' && (
        <Text size="sm" c="dimmed">
          {JOB_MESSAGES_TEXT.needsConnection}
        </Text>
      )}
      {state.status === 'failed' && (
        <Text size="sm" c="red">
          {state.message}
        </Text>
      )}
      {state.status === 'ready' && state.list.length === 0 && (
        <Text size="sm" c="dimmed">
          {JOB_MESSAGES_TEXT.none}
        </Text>
      )}
      {state.status === 'ready' &&
        state.list.map((message) => (
          <MessageItem
            key={message.id}
            message={message}
            busy={busy === message.id}
            onResend={() => sendAgain(message)}
          />
        ))}
    </Stack>
  );
}
