/**
 * Contact Messages (spec staff §2): Sent/Pending and URGENT/Normal badges and the customer info,
 * and closing the loop: each message is New until someone marks it Handled; staff answer it by
 * email from here (the reply is kept with the message and threaded under the owners' copy); a
 * quote request becomes a prefilled draft quote in Quotes & Billing. Marking and drafting work
 * offline; a reply needs a connection, since the server sends it.
 */
import { useState } from 'react';
import { Badge, Button, Group, Stack, Text, Textarea, Timeline } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconCheck, IconFileInvoice, IconMailForward, IconRotate } from '@tabler/icons-react';
import {
  MESSAGES,
  TOAST_DURATIONS,
  contactMessageBadges,
  replyInputSchema,
  type EmailRecord,
} from '@pilbara/shared-schema';
import { apiRequest, isNetworkError, serverMessage } from '../../lib/http';
import { mintId, mutate } from '../../sync';
import { formatDateTime } from './format';
import { ADMIN_TEXT, MESSAGE_TEXT } from './admin-text';
import classes from './admin.module.css';
import { AdminCard } from './admin-card';

function toast(ok: boolean, message: string): void {
  notifications.show({
    ...(ok ? {} : { title: MESSAGES.ERROR_TITLE }),
    message,
    color: ok ? 'green' : 'red',
    autoClose: TOAST_DURATIONS.default,
  });
}

async function setStatus(email: EmailRecord, status: 'new' | 'handled'): Promise<void> {
  const result = await mutate('contactMessage.setStatus', { id: email.id, status }).catch(
    (error: unknown) => ({ ok: false as const, message: String(error) }),
  );
  if (!result.ok) toast(false, result.message);
}

async function draftQuote(email: EmailRecord): Promise<void> {
  try {
    const quoteId = await mintId('Q');
    const result = await mutate('contactMessage.draftQuote', { id: email.id, quoteId });
    toast(result.ok, result.ok ? MESSAGE_TEXT.quoteDrafted(quoteId) : result.message);
  } catch (error) {
    toast(false, error instanceof Error ? error.message : MESSAGES.QUOTE_UPDATE_FAILED);
  }
}

function ReplyBox({ email, onDone }: { email: EmailRecord; onDone: () => void }) {
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const send = async () => {
    const parsed = replyInputSchema.safeParse({ text });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? MESSAGES.REPLY_REQUIRED);
      return;
    }
    setSending(true);
    try {
      await apiRequest(`/api/contact-messages/${email.id}/reply`, { body: parsed.data });
      toast(true, MESSAGE_TEXT.replySent(email.customerInfo?.email ?? ''));
      onDone();
    } catch (failure) {
      setError(
        isNetworkError(failure)
          ? MESSAGE_TEXT.replyNeedsConnection
          : (serverMessage(failure) ?? MESSAGES.REPLY_FAILED),
      );
    } finally {
      setSending(false);
    }
  };
  return (
    <Stack gap="xs">
      <Textarea
        label={MESSAGE_TEXT.replyLabel(email.customerInfo?.email ?? '')}
        autosize
        minRows={3}
        maxLength={5000}
        value={text}
        error={error}
        onChange={(event) => {
          setText(event.currentTarget.value);
          setError(null);
        }}
        data-autofocus
      />
      <Group justify="flex-end" gap="xs">
        <Button variant="default" onClick={onDone}>
          {ADMIN_TEXT.cancel}
        </Button>
        <Button
          loading={sending}
          leftSection={<IconMailForward size={16} aria-hidden />}
          onClick={() => void send()}
        >
          {MESSAGE_TEXT.sendReply}
        </Button>
      </Group>
    </Stack>
  );
}

function MessageCard({ email }: { email: EmailRecord }) {
  const badges = contactMessageBadges(email);
  const info = email.customerInfo;
  const handled = email.status === 'handled';
  const quote = email.kind === 'quote';
  const [replying, setReplying] = useState(false);
  const [busy, setBusy] = useState(false);
  const act = (action: () => Promise<void>) => {
    setBusy(true);
    void action().finally(() => setBusy(false));
  };
  return (
    <AdminCard
      urgency={badges.priority === 'URGENT' ? 'emergency' : undefined}
      data-testid="contact-message"
      data-message-id={String(email.id)}
      data-status={handled ? 'handled' : 'new'}
    >
      <Stack gap={6}>
        <Group justify="space-between" wrap="wrap" gap="xs">
          <Group gap="xs">
            <Badge color={handled ? 'gray' : 'blue'} variant={handled ? 'outline' : 'filled'}>
              {handled ? MESSAGE_TEXT.handled : MESSAGE_TEXT.new}
            </Badge>
            {quote && (
              <Badge color="grape" variant="light">
                {MESSAGE_TEXT.quoteRequest}
              </Badge>
            )}
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
            {quote && email.details && (
              <Text size="sm" className={classes.detail}>
                {MESSAGE_TEXT.route(email.details)}
              </Text>
            )}
            <Text size="sm" className={classes.detail} style={{ whiteSpace: 'pre-wrap' }}>
              {info.message}
            </Text>
          </>
        ) : (
          <Text size="sm" c="dimmed" className={classes.detail}>
            To: {email.to}
          </Text>
        )}
        {handled && email.handledBy && email.handledAt && (
          <Text size="xs" c="dimmed">
            {MESSAGE_TEXT.handledBy(email.handledBy, formatDateTime(email.handledAt))}
          </Text>
        )}
        {(email.replies ?? []).length > 0 && (
          <Timeline bulletSize={12} lineWidth={2} mt={4} data-testid="message-replies">
            {(email.replies ?? []).map((reply) => (
              <Timeline.Item
                key={reply.id}
                title={MESSAGE_TEXT.replyBy(reply.by, formatDateTime(reply.at), reply.status)}
              >
                <Text size="sm" className={classes.detail} style={{ whiteSpace: 'pre-wrap' }}>
                  {reply.text}
                </Text>
                {reply.error && (
                  <Text size="xs" c="red.8">
                    {reply.error}
                  </Text>
                )}
              </Timeline.Item>
            ))}
          </Timeline>
        )}
        {info &&
          (replying ? (
            <ReplyBox email={email} onDone={() => setReplying(false)} />
          ) : (
            <Group gap="xs" justify="flex-end" wrap="wrap">
              {quote &&
                (email.quoteId ? (
                  <Badge color="grape" variant="outline" size="lg">
                    {MESSAGE_TEXT.quoteMade(email.quoteId)}
                  </Badge>
                ) : (
                  <Button
                    size="sm"
                    variant="light"
                    color="grape"
                    leftSection={<IconFileInvoice size={16} aria-hidden />}
                    loading={busy}
                    onClick={() => act(() => draftQuote(email))}
                  >
                    {MESSAGE_TEXT.makeQuote}
                  </Button>
                ))}
              <Button
                size="sm"
                variant="default"
                leftSection={
                  handled ? (
                    <IconRotate size={16} aria-hidden />
                  ) : (
                    <IconCheck size={16} aria-hidden />
                  )
                }
                onClick={() => act(() => setStatus(email, handled ? 'new' : 'handled'))}
              >
                {handled ? MESSAGE_TEXT.markNew : MESSAGE_TEXT.markHandled}
              </Button>
              <Button
                size="sm"
                leftSection={<IconMailForward size={16} aria-hidden />}
                onClick={() => setReplying(true)}
              >
                {MESSAGE_TEXT.reply}
              </Button>
            </Group>
          ))}
      </Stack>
    </AdminCard>
  );
}

export function ContactMessages({ emails }: { emails: EmailRecord[] }) {
  if (emails.length === 0) return <Text c="dimmed">{ADMIN_TEXT.noMessages}</Text>;
  // New ones first, each group newest first (the list comes newest first).
  const ordered = [
    ...emails.filter((email) => email.status !== 'handled'),
    ...emails.filter((email) => email.status === 'handled'),
  ];
  return (
    <Stack gap="sm">
      {ordered.map((email) => (
        <MessageCard key={email.id} email={email} />
      ))}
    </Stack>
  );
}
