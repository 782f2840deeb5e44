/**
 * Text messages on the tracking page: which number we text about this job (masked),
 * and "Stop text messages", after which the server never texts that number again (only the
 * customer's own START reply turns them back on). Nothing is drawn before hydration, for a
 * phone with no mobile on file, or while the answer has not come (no signal): the page's other
 * parts matter more then.
 */
import { useEffect, useState } from 'react';
import { Button, Group, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconMessage, IconMessageOff } from '@tabler/icons-react';
import { SMS_OPT_OUT_TEXT, type TrackSmsResponse } from '@pilbara/shared-schema';
import { apiRequest } from '../../lib/http';

type State = TrackSmsResponse | { texts: 'unknown' } | { texts: 'busy'; phone: string | null };

/**
 * The server's answer, checked by hand: the portal's chunk stays free of the schema library
 * (the answer's schema is trackSmsResponseSchema).
 */
function parseAnswer(answer: unknown): TrackSmsResponse {
  const value = (answer ?? {}) as Partial<Record<keyof TrackSmsResponse, unknown>>;
  const texts = value.texts === 'on' || value.texts === 'off' ? value.texts : 'none';
  return { texts, phone: typeof value.phone === 'string' ? value.phone : null };
}

function smsPath(token: string): string {
  return `/api/track/${encodeURIComponent(token)}/sms`;
}

export function TextMessages({ token }: { token: string }) {
  const [state, setState] = useState<State>({ texts: 'unknown' });
  const [failed, setFailed] = useState(false);

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

  if (state.texts === 'unknown' || state.texts === 'none') return null;
  const phone = state.phone ?? '';
  const off = state.texts === 'off';

  const stop = () => {
    setFailed(false);
    setState({ texts: 'busy', phone: state.phone });
    apiRequest<unknown>(`${smsPath(token)}/stop`, { method: 'POST' }).then(
      (answer) => setState(parseAnswer(answer)),
      () => {
        setFailed(true);
        setState({ texts: 'on', phone: state.phone });
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
          {off ? SMS_OPT_OUT_TEXT.off(phone) : SMS_OPT_OUT_TEXT.on(phone)}
        </Text>
        {failed && (
          <Text size="sm" c="red" role="alert">
            {SMS_OPT_OUT_TEXT.failed}
          </Text>
        )}
        {!off && (
          <Button
            variant="default"
            size="sm"
            mih={44}
            style={{ alignSelf: 'flex-start' }}
            loading={state.texts === 'busy'}
            onClick={stop}
          >
            {SMS_OPT_OUT_TEXT.stop}
          </Button>
        )}
      </Stack>
    </Group>
  );
}
