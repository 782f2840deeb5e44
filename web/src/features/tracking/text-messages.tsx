/**
 * Text messages on the tracking page: which number we text about this job (masked), and "Stop
 * text messages", asked once (texts stop for every job, not this one only), after which the
 * server never texts that number again. Stopped here, "Start text messages again" is on the
 * same page; stopped by a STOP reply, only the phone's START turns them back on. Nothing is
 * drawn before hydration, for a phone with no mobile on file, or while the answer has not come
 * (no signal): the page's other parts matter more then.
 */
import { useEffect, useState } from 'react';
import { Button, Group, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconMessage, IconMessageOff } from '@tabler/icons-react';
import { SMS_OPT_OUT_TEXT, type TrackSmsResponse } from '@pilbara/shared-schema';
import { apiRequest } from '../../lib/http';

/** The answer shown; while a change is being sent, the answer before it (`was`). */
type State = TrackSmsResponse | { texts: 'unknown' } | { texts: 'busy'; was: TrackSmsResponse };

/**
 * The server's answer, checked by hand: the portal's chunk stays free of the schema library
 * (the answer's schema is trackSmsResponseSchema).
 */
function parseAnswer(answer: unknown): TrackSmsResponse {
  const value = (answer ?? {}) as Partial<Record<keyof TrackSmsResponse, unknown>>;
  const texts = value.texts === 'on' || value.texts === 'off' ? value.texts : 'none';
  return {
    texts,
    phone: typeof value.phone === 'string' ? value.phone : null,
    restartable: value.restartable === true,
  };
}

function smsPath(token: string): string {
  return `/api/track/${encodeURIComponent(token)}/sms`;
}

export function TextMessages({ token }: { token: string }) {
  const [state, setState] = useState<State>({ texts: 'unknown' });
  const [failed, setFailed] = useState<string | null>(null);
  const [asking, setAsking] = useState(false);

  useEffect(() => {
    let current = true;
    apiRequest<unknown>(smsPath(token)).then(
      (answer) => current && setState(parseAnswer(answer)),
      () => undefined,
    );
    return () => {
      current = false;
    };
  }, [token]);

  if (state.texts === 'unknown') return null;
  const shown = state.texts === 'busy' ? state.was : state;
  if (shown.texts === 'none') return null;
  const busy = state.texts === 'busy';
  const phone = shown.phone ?? '';
  const off = shown.texts === 'off';

  /** Sends `change`; on failure the state goes back to `was` and `message` shows. */
  const send = (change: 'stop' | 'start', was: TrackSmsResponse, message: string) => {
    setFailed(null);
    setState({ texts: 'busy', was });
    apiRequest<unknown>(`${smsPath(token)}/${change}`, { method: 'POST' }).then(
      (answer) => {
        setAsking(false);
        setState(parseAnswer(answer));
      },
      () => {
        setAsking(false);
        setFailed(message);
        setState(was);
      },
    );
  };
  return (
    <Group gap="sm" wrap="nowrap" align="flex-start" data-testid="text-messages">
      <ThemeIcon variant="light" color={off ? 'gray' : 'blue'} radius="xl" aria-hidden>
        {off ? <IconMessageOff size={18} /> : <IconMessage size={18} />}
      </ThemeIcon>
      <Stack gap={6} style={{ minWidth: 0 }}>
        <Text size="sm" role="status">
          {!off
            ? SMS_OPT_OUT_TEXT.on(phone)
            : shown.restartable
              ? SMS_OPT_OUT_TEXT.offHere(phone)
              : SMS_OPT_OUT_TEXT.off(phone)}
        </Text>
        {failed && (
          <Text size="sm" c="red" role="alert">
            {failed}
          </Text>
        )}
        {!off && !asking && (
          <Button
            variant="default"
            size="sm"
            mih={44}
            style={{ alignSelf: 'flex-start' }}
            onClick={() => setAsking(true)}
          >
            {SMS_OPT_OUT_TEXT.stop}
          </Button>
        )}
        {!off && asking && (
          <Stack gap={6} role="group" aria-label={SMS_OPT_OUT_TEXT.stop}>
            <Text size="sm" fw={600}>
              {SMS_OPT_OUT_TEXT.confirm(phone)}
            </Text>
            <Group gap="xs">
              <Button
                color="red"
                size="sm"
                mih={44}
                loading={busy}
                onClick={() => send('stop', shown, SMS_OPT_OUT_TEXT.failed)}
              >
                {SMS_OPT_OUT_TEXT.confirmStop}
              </Button>
              <Button variant="default" size="sm" mih={44} onClick={() => setAsking(false)}>
                {SMS_OPT_OUT_TEXT.keep}
              </Button>
            </Group>
          </Stack>
        )}
        {off && shown.restartable && (
          <Button
            variant="default"
            size="sm"
            mih={44}
            style={{ alignSelf: 'flex-start' }}
            loading={busy}
            onClick={() => send('start', shown, SMS_OPT_OUT_TEXT.startFailed)}
          >
            {SMS_OPT_OUT_TEXT.start}
          </Button>
        )}
      </Stack>
    </Group>
  );
}
