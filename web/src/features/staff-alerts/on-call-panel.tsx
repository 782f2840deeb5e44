/**
 * The On call tab of the admin panel: who answers a new booking now, the roster (who, which days,
 * which hours, which phone; in the order people are texted), and the signed-in staff member's
 * own alert channels (push on this device, texts when on call, an email for every booking). The
 * roster and the channels are the server's, so the tab needs a connection and says so.
 */
import { useEffect, useState } from 'react';
import {
  ActionIcon,
  Alert,
  Button,
  Chip,
  Group,
  Paper,
  Stack,
  Switch,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconArrowDown, IconArrowUp, IconPlus, IconTrash } from '@tabler/icons-react';
import {
  DAY_NAMES,
  EVERY_DAY,
  MESSAGES,
  TOAST_DURATIONS,
  type RosterEntryInput,
  type RosterResponse,
} from '@pilbara/shared-schema';
import { currentSubscription, pushSupported, subscribeBrowser } from '../../lib/web-push';
import {
  NeedsConnectionError,
  fieldErrors,
  forgetDevice,
  readMyChannels,
  readRoster,
  registerDevice,
  saveMyChannels,
  saveRoster,
  type MyAlertChannels,
} from './staff-alerts-api';
import { ON_CALL_TEXT } from './on-call-text';

type Draft = RosterEntryInput & { key: number };

let nextKey = 1;
const keyed = (entry: RosterEntryInput): Draft => ({ ...entry, key: nextKey++ });

function describeDays(days: readonly number[]): string {
  if (days.length === 7) return 'Every day';
  return days.map((day) => DAY_NAMES[day]).join(', ');
}

function hours(entry: { from: string; to: string }): string {
  return entry.from === entry.to ? 'all day' : `${entry.from}–${entry.to}`;
}

function RosterRow({
  entry,
  index,
  count,
  errors,
  onChange,
  onMove,
  onRemove,
}: {
  entry: Draft;
  index: number;
  count: number;
  errors: Record<string, string>;
  onChange: (entry: Draft) => void;
  onMove: (by: -1 | 1) => void;
  onRemove: () => void;
}) {
  const error = (field: string) => errors[`entries.${index}.${field}`];
  return (
    <Paper withBorder radius="md" p="sm" data-testid="roster-entry">
      <Stack gap="xs">
        <Group justify="space-between" wrap="nowrap" gap="xs">
          <Text fw={700}>{ON_CALL_TEXT.order(index + 1)}</Text>
          <Group gap={4} wrap="nowrap">
            <ActionIcon
              variant="default"
              size="lg"
              aria-label={ON_CALL_TEXT.moveUp(entry.name)}
              disabled={index === 0}
              onClick={() => onMove(-1)}
            >
              <IconArrowUp size={16} aria-hidden />
            </ActionIcon>
            <ActionIcon
              variant="default"
              size="lg"
              aria-label={ON_CALL_TEXT.moveDown(entry.name)}
              disabled={index === count - 1}
              onClick={() => onMove(1)}
            >
              <IconArrowDown size={16} aria-hidden />
            </ActionIcon>
            <ActionIcon
              variant="light"
              color="red"
              size="lg"
              aria-label={ON_CALL_TEXT.remove(entry.name)}
              disabled={count === 1}
              onClick={onRemove}
            >
              <IconTrash size={16} aria-hidden />
            </ActionIcon>
          </Group>
        </Group>
        <Group grow wrap="wrap" gap="xs" align="flex-start">
          <TextInput
            label={ON_CALL_TEXT.name}
            value={entry.name}
            error={error('name')}
            miw={160}
            onChange={(event) => onChange({ ...entry, name: event.currentTarget.value })}
          />
          <TextInput
            label={ON_CALL_TEXT.phone}
            type="tel"
            value={entry.phone}
            error={error('phone')}
            miw={160}
            onChange={(event) => onChange({ ...entry, phone: event.currentTarget.value })}
          />
        </Group>
        <Chip.Group
          multiple
          value={(entry.days ?? []).map(String)}
          onChange={(days) => onChange({ ...entry, days: days.map(Number).sort() })}
        >
          <Group gap={6} wrap="wrap" aria-label={ON_CALL_TEXT.days} role="group">
            {EVERY_DAY.map((day) => (
              <Chip key={day} value={String(day)} size="sm">
                {DAY_NAMES[day]}
              </Chip>
            ))}
          </Group>
        </Chip.Group>
        {error('days') && (
          <Text size="sm" c="red.8">
            {error('days')}
          </Text>
        )}
        <Group gap="xs" wrap="wrap" align="flex-start">
          <TextInput
            label={ON_CALL_TEXT.from}
            type="time"
            w={130}
            value={entry.from}
            error={error('from')}
            onChange={(event) => onChange({ ...entry, from: event.currentTarget.value })}
          />
          <TextInput
            label={ON_CALL_TEXT.to}
            type="time"
            w={130}
            value={entry.to}
            error={error('to')}
            onChange={(event) => onChange({ ...entry, to: event.currentTarget.value })}
          />
        </Group>
        <Text size="xs" c="dimmed">
          {ON_CALL_TEXT.hoursHint}
        </Text>
      </Stack>
    </Paper>
  );
}

function Roster() {
  const [roster, setRoster] = useState<RosterResponse | null>(null);
  const [drafts, setDrafts] = useState<Draft[]>([]);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [offline, setOffline] = useState(false);
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    readRoster().then(
      (answer) => {
        setRoster(answer);
        setDrafts(answer.entries.map(keyed));
      },
      () => setOffline(true),
    );
  }, []);

  if (offline) return <Alert color="yellow">{ON_CALL_TEXT.needsConnection}</Alert>;
  if (!roster) return null;

  const change = (index: number, entry: Draft) =>
    setDrafts((list) => list.map((old, at) => (at === index ? entry : old)));
  const move = (index: number, by: -1 | 1) =>
    setDrafts((list) => {
      const next = [...list];
      const [taken] = next.splice(index, 1);
      if (taken) next.splice(index + by, 0, taken);
      return next;
    });
  const save = async () => {
    setSaving(true);
    setErrors({});
    try {
      const answer = await saveRoster({
        entries: drafts.map(({ key: _key, ...entry }) => entry),
      });
      setRoster(answer);
      setDrafts(answer.entries.map(keyed));
      notifications.show({
        message: MESSAGES.ROSTER_SAVED_TITLE,
        color: 'green',
        autoClose: TOAST_DURATIONS.default,
      });
    } catch (error) {
      const fields = fieldErrors(error);
      setErrors(fields);
      notifications.show({
        title: MESSAGES.ERROR_TITLE,
        message:
          error instanceof NeedsConnectionError
            ? ON_CALL_TEXT.needsConnection
            : MESSAGES.ROSTER_SAVE_FAILED,
        color: 'red',
        autoClose: TOAST_DURATIONS.default,
      });
    } finally {
      setSaving(false);
    }
  };

  return (
    <Stack gap="sm">
      <Paper withBorder radius="md" p="sm" bg="green.0" data-testid="on-call-now">
        <Text fw={700}>{ON_CALL_TEXT.nowTitle}</Text>
        {roster.onCallNow.length === 0 ? (
          <Text size="sm">{ON_CALL_TEXT.nobody}</Text>
        ) : (
          roster.onCallNow.map((entry, index) => (
            <Text size="sm" key={`${entry.phone}-${index}`}>
              {index === 0 ? ON_CALL_TEXT.first : ON_CALL_TEXT.then} {entry.name} ({entry.phone}) ·{' '}
              {describeDays(entry.days)}, {hours(entry)}
            </Text>
          ))
        )}
        <Text size="xs" c="dimmed" mt={4}>
          {ON_CALL_TEXT.escalation(roster.escalateAfterMinutes)}
        </Text>
      </Paper>
      {roster.isDefault && (
        <Text size="sm" c="dimmed">
          {ON_CALL_TEXT.defaultNote}
        </Text>
      )}
      {drafts.map((entry, index) => (
        <RosterRow
          key={entry.key}
          entry={entry}
          index={index}
          count={drafts.length}
          errors={errors}
          onChange={(next) => change(index, next)}
          onMove={(by) => move(index, by)}
          onRemove={() => setDrafts((list) => list.filter((_, at) => at !== index))}
        />
      ))}
      <Group justify="space-between" gap="xs">
        <Button
          variant="default"
          leftSection={<IconPlus size={16} aria-hidden />}
          onClick={() =>
            setDrafts((list) => [
              ...list,
              keyed({ name: '', phone: '', days: [...EVERY_DAY], from: '00:00', to: '00:00' }),
            ])
          }
        >
          {ON_CALL_TEXT.add}
        </Button>
        <Button loading={saving} onClick={() => void save()}>
          {ON_CALL_TEXT.save}
        </Button>
      </Group>
    </Stack>
  );
}

/** Push on this device: on when this browser's subscription is registered with the server. */
function ThisDevice({ onChanged }: { onChanged: () => void }) {
  const [state, setState] = useState<
    'checking' | 'unsupported' | 'on' | 'off' | 'blocked' | 'busy'
  >('checking');
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    if (!pushSupported()) {
      setState('unsupported');
      return;
    }
    if (Notification.permission === 'denied') {
      setState('blocked');
      return;
    }
    currentSubscription().then(
      (subscription) => setState(subscription ? 'on' : 'off'),
      () => setState('off'),
    );
  }, []);
  if (state === 'checking') return null;
  if (state === 'unsupported') return <Text size="sm">{ON_CALL_TEXT.pushUnsupported}</Text>;
  if (state === 'blocked') return <Text size="sm">{ON_CALL_TEXT.pushBlocked}</Text>;
  const turnOn = async () => {
    setState('busy');
    setFailed(false);
    try {
      const subscription = await subscribeBrowser();
      if (subscription === 'blocked') return setState('blocked');
      if (subscription === 'idle') return setState('off');
      await registerDevice(subscription.toJSON());
      setState('on');
      onChanged();
    } catch {
      setFailed(true);
      setState('off');
    }
  };
  const turnOff = async () => {
    setState('busy');
    const subscription = await currentSubscription();
    try {
      if (subscription) await forgetDevice(subscription.endpoint);
      setState('off');
      onChanged();
    } catch {
      setFailed(true);
      setState('on');
    }
  };
  return (
    <Stack gap={4} align="flex-start" data-testid="this-device-push">
      <Text size="sm">{state === 'on' ? ON_CALL_TEXT.pushOn : ON_CALL_TEXT.pushOff}</Text>
      <Button
        size="sm"
        variant={state === 'on' ? 'default' : 'filled'}
        loading={state === 'busy'}
        onClick={() => void (state === 'on' ? turnOff() : turnOn())}
      >
        {state === 'on' ? ON_CALL_TEXT.pushTurnOff : ON_CALL_TEXT.pushTurnOn}
      </Button>
      {failed && (
        <Text size="sm" c="red.8" role="alert">
          {ON_CALL_TEXT.pushFailed}
        </Text>
      )}
    </Stack>
  );
}

function MyChannels() {
  const [channels, setChannels] = useState<MyAlertChannels | null>(null);
  const [offline, setOffline] = useState(false);
  const reload = () => {
    readMyChannels().then(setChannels, () => setOffline(true));
  };
  useEffect(reload, []);
  if (offline) return <Alert color="yellow">{ON_CALL_TEXT.needsConnection}</Alert>;
  if (!channels) return null;
  const toggle = (field: 'push' | 'sms' | 'email') => async (on: boolean) => {
    const next = { push: channels.push, sms: channels.sms, email: channels.email, [field]: on };
    setChannels({ ...channels, [field]: on });
    try {
      setChannels(await saveMyChannels(next));
    } catch {
      setChannels(channels);
      notifications.show({
        title: MESSAGES.ERROR_TITLE,
        message: ON_CALL_TEXT.needsConnection,
        color: 'red',
        autoClose: TOAST_DURATIONS.default,
      });
    }
  };
  return (
    <Stack gap="sm" data-testid="my-alert-channels">
      <Switch
        label={ON_CALL_TEXT.channels.push}
        description={ON_CALL_TEXT.devices(channels.pushDevices)}
        checked={channels.push}
        onChange={(event) => void toggle('push')(event.currentTarget.checked)}
      />
      <Switch
        label={ON_CALL_TEXT.channels.sms}
        description={ON_CALL_TEXT.channels.smsHint}
        checked={channels.sms}
        onChange={(event) => void toggle('sms')(event.currentTarget.checked)}
      />
      <Switch
        label={ON_CALL_TEXT.channels.email}
        checked={channels.email}
        onChange={(event) => void toggle('email')(event.currentTarget.checked)}
      />
      <ThisDevice onChanged={reload} />
    </Stack>
  );
}

export function OnCallPanel() {
  return (
    <Stack gap="xl">
      <Stack gap="sm" component="section" aria-labelledby="roster-title">
        <Title order={2} size="h3" id="roster-title">
          {ON_CALL_TEXT.rosterTitle}
        </Title>
        <Roster />
      </Stack>
      <Stack gap="sm" component="section" aria-labelledby="channels-title">
        <Title order={2} size="h3" id="channels-title">
          {ON_CALL_TEXT.channelsTitle}
        </Title>
        <MyChannels />
      </Stack>
    </Stack>
  );
}
