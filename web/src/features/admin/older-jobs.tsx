/**
 * Jobs older than this device keeps offline (docs/new-device.md): the job list ends with them,
 * fetched from the server a page at a time when online; offline it says they are on the server
 * only. Read-only: a job is changed from the device once it is on it again.
 */
import { useState } from 'react';
import { Button, Group, NativeSelect, Paper, Stack, Text } from '@mantine/core';
import {
  formatDate,
  historyChoicesFor,
  historyDaysLabel,
  type HistoryDays,
  type Job,
  type JobsResponse,
  type Role,
} from '@pilbara/shared-schema';
import { keepHistory } from '../../sync';
import { apiRequest } from '../../lib/http';
import { useOnline } from '../../lib/use-online';
import { ADMIN_TEXT } from './admin-text';
import { StaffOfflineError, online as whenOnline } from './staff-api';

/**
 * How much history this device keeps offline, chosen among what the role allows; a change
 * downloads the device's data again (nothing waiting to be sent is lost).
 */
export function HistoryChoice({ role, days }: { role: Role; days: HistoryDays }) {
  const choices = historyChoicesFor(role);
  const value = (d: HistoryDays) => (d === null ? 'all' : String(d));
  return (
    <NativeSelect
      label={ADMIN_TEXT.historyKept}
      description={ADMIN_TEXT.historyKeptHint}
      value={value(days)}
      data={choices.map((d) => ({ value: value(d), label: historyDaysLabel(d) }))}
      onChange={(event) => {
        const picked = event.currentTarget.value;
        void keepHistory(picked === 'all' ? null : Number(picked));
      }}
      data-testid="history-kept"
    />
  );
}

/** Jobs asked of the server at a time. */
const PAGE = 50;

export function OlderJobs({
  before,
  held,
}: {
  /** The oldest history this device keeps (ISO); null when it keeps everything. */
  before: string | null;
  /** The ids of the jobs already on the device (listed above), left out here. */
  held: ReadonlySet<string>;
}) {
  const connected = useOnline();
  const [jobs, setJobs] = useState<Job[]>([]);
  const [loading, setLoading] = useState(false);
  const [done, setDone] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  if (before === null) return null;
  const from = jobs[jobs.length - 1]?.createdAt ?? before;
  const load = async () => {
    setLoading(true);
    setProblem(null);
    try {
      const query = new URLSearchParams({ before: from, limit: String(PAGE) });
      const answer = await whenOnline(() =>
        apiRequest<JobsResponse>(`/api/jobs?${query.toString()}`),
      );
      setJobs((shown) => [...shown, ...answer.jobs]);
      if (answer.jobs.length < PAGE) setDone(true);
    } catch (error) {
      setProblem(
        error instanceof StaffOfflineError
          ? ADMIN_TEXT.olderJobsOffline
          : ADMIN_TEXT.olderJobsFailed,
      );
    } finally {
      setLoading(false);
    }
  };
  const shown = jobs.filter((job) => !held.has(job.id));
  return (
    <Stack gap="xs" data-testid="older-jobs">
      <Text size="sm" c="dimmed">
        {ADMIN_TEXT.olderJobsNote(formatDate(before))}
      </Text>
      {shown.map((job) => (
        <Paper key={job.id} withBorder radius="md" p="sm" data-testid="older-job">
          <Group justify="space-between" gap="xs">
            <Text fw={600}>{job.number ?? job.id}</Text>
            <Text size="sm">{job.status}</Text>
          </Group>
          <Text size="sm">
            {job.customerName} · {job.service} · {formatDate(job.createdAt)}
          </Text>
        </Paper>
      ))}
      {!connected ? (
        <Text size="sm" fw={600}>
          {ADMIN_TEXT.olderJobsOffline}
        </Text>
      ) : (
        !done && (
          <Button variant="default" mih={44} loading={loading} onClick={() => void load()}>
            {ADMIN_TEXT.olderJobsButton}
          </Button>
        )
      )}
      {problem && connected && (
        <Text size="sm" c="red.8">
          {problem}
        </Text>
      )}
      {done && connected && <Text size="sm">{ADMIN_TEXT.olderJobsEnd}</Text>}
    </Stack>
  );
}
