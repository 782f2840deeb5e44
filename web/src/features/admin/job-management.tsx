/** Job Management (spec staff §2): the create-job form and the job list. */
import { Paper, Stack, Text, Title } from '@mantine/core';
import { rowKey, type Job } from '@pilbara/shared-schema';
import { ADMIN_TEXT } from './admin-text';
import { CreateJobForm } from './create-job-form';
import { JobCard } from './job-card';
import { usePrestartData } from '../../components/use-prestart-data';

export function JobManagement({
  jobs,
  pendingKeys,
  drivers,
}: {
  jobs: Job[];
  pendingKeys: ReadonlySet<string>;
  drivers: readonly string[];
}) {
  const fleet = usePrestartData();
  return (
    <Stack gap="lg">
      <Paper withBorder radius="md" p="md">
        <Title order={2} size="h3" mb="sm">
          {ADMIN_TEXT.newJob}
        </Title>
        <CreateJobForm drivers={drivers} />
      </Paper>
      {jobs.length === 0 ? (
        <Text c="dimmed">{ADMIN_TEXT.noJobs}</Text>
      ) : (
        <Stack gap="sm">
          {jobs.map((job) => (
            <JobCard
              key={job.id}
              job={job}
              pending={pendingKeys.has(rowKey('jobs', job.id))}
              drivers={drivers}
              fleet={fleet}
            />
          ))}
        </Stack>
      )}
    </Stack>
  );
}
