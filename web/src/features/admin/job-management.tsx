/**
 * Job Management, the admin panel's first tab: the job list, with the create-job form behind a New
 * Job button (on a phone an open form would push the first job far down the screen). Jobs keep
 * their place when they change: the list is in the order they were created, newest first (useJobs).
 */
import { useId, useState } from 'react';
import { Button, Collapse, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconPlus, IconX } from '@tabler/icons-react';
import { rowKey, type Job } from '@pilbara/shared-schema';
import { ADMIN_TEXT } from './admin-text';
import { CreateJobForm } from './create-job-form';
import { JobCard } from './job-card';
import { usePrestartData } from '../../components/fleet/prestart-data';
import { useKeptHistory } from '../../sync';
import { HistoryChoice, OlderJobs } from './older-jobs';
import type { AssignableDriver } from './staff-api';

/** Jobs the list shows at first, and adds with each "Show more". */
const JOBS_SHOWN = 50;

export function JobManagement({
  jobs,
  pendingKeys,
  drivers,
}: {
  jobs: Job[];
  pendingKeys: ReadonlySet<string>;
  /** The active drivers, by account, the picker offers. */
  drivers: readonly AssignableDriver[];
}) {
  const fleet = usePrestartData();
  // A device holds months of jobs: the list shows a screenful at a time, so a long list (or a
  // new device filling in its history) never costs the phone a long render.
  const [shown, setShown] = useState(JOBS_SHOWN);
  const kept = useKeptHistory('admin');
  const [creating, setCreating] = useState(false);
  const formId = useId();
  return (
    <Stack gap="lg">
      <Group justify="space-between" wrap="nowrap" gap="sm">
        <Title order={2} size="h3">
          {ADMIN_TEXT.jobsTitle(jobs.length)}
        </Title>
        <Button
          mih={44}
          variant={creating ? 'default' : 'filled'}
          leftSection={
            creating ? <IconX size={18} aria-hidden /> : <IconPlus size={18} aria-hidden />
          }
          aria-expanded={creating}
          aria-controls={formId}
          onClick={() => setCreating((open) => !open)}
        >
          {creating ? ADMIN_TEXT.hideNewJob : ADMIN_TEXT.newJob}
        </Button>
      </Group>
      <Collapse expanded={creating} id={formId}>
        <Paper withBorder radius="md" p="md">
          <Title order={3} size="h4" mb="sm">
            {ADMIN_TEXT.newJob}
          </Title>
          {creating && <CreateJobForm drivers={drivers} />}
        </Paper>
      </Collapse>
      {jobs.length === 0 ? (
        <Text c="dimmed">{ADMIN_TEXT.noJobs}</Text>
      ) : (
        <Stack gap="sm">
          {jobs.slice(0, shown).map((job) => (
            <JobCard
              key={job.id}
              job={job}
              pending={pendingKeys.has(rowKey('jobs', job.id))}
              drivers={drivers}
              fleet={fleet}
            />
          ))}
          {jobs.length > shown && (
            <Button
              variant="default"
              mih={44}
              onClick={() => setShown((count) => count + JOBS_SHOWN)}
              data-testid="more-jobs"
            >
              {ADMIN_TEXT.moreJobs(Math.min(JOBS_SHOWN, jobs.length - shown), jobs.length - shown)}
            </Button>
          )}
        </Stack>
      )}
      {kept && (
        <>
          <OlderJobs before={kept.since} held={new Set(jobs.map((job) => job.id))} />
          <HistoryChoice role="admin" days={kept.days} />
        </>
      )}
    </Stack>
  );
}
