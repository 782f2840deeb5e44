/**
 * What the server needs the owners to know now, as banners beside the missing-ABN one: an id
 * series far off its normal course (long before it could run out), a kind of text whose hourly
 * budget held texts back (saying what still goes). Read from GET /api/server-warnings when the
 * panel opens and every minute while it stays open; offline there is nothing new to say, so
 * nothing shows.
 */
import { useEffect, useState } from 'react';
import { Alert, Stack } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { serverWarningsResponseSchema, type ServerWarning } from '@pilbara/shared-schema';
import { apiRequest } from '../../lib/http';
import { online } from './staff-api';

/** How often the panel asks again while it is open. */
const WARNINGS_POLL_MS = 60_000;

async function readWarnings(): Promise<ServerWarning[]> {
  const answer = await online(() => apiRequest<unknown>('/api/server-warnings'));
  return serverWarningsResponseSchema.parse(answer).warnings;
}

export function ServerWarnings() {
  const [warnings, setWarnings] = useState<ServerWarning[]>([]);
  useEffect(() => {
    let stopped = false;
    const look = () =>
      readWarnings().then(
        (found) => {
          if (!stopped) setWarnings(found);
        },
        // Offline or refused: the banners shown stay until the server can say otherwise.
        () => undefined,
      );
    void look();
    const timer = setInterval(() => void look(), WARNINGS_POLL_MS);
    return () => {
      stopped = true;
      clearInterval(timer);
    };
  }, []);
  if (warnings.length === 0) return null;
  return (
    <Stack gap="xs" data-testid="server-warnings">
      {warnings.map((warning) => (
        <Alert
          key={`${warning.kind}:${warning.message}`}
          color="orange"
          variant="light"
          title={warning.title}
          icon={<IconAlertTriangle size={20} aria-hidden />}
          role="alert"
        >
          {warning.message}
        </Alert>
      ))}
    </Stack>
  );
}
