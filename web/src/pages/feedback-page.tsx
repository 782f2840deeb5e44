/**
 * Feedback. Which completed jobs to list: there is no public "all jobs" call
 * (docs/security.md forbids one, as it exposed every customer), so the page lists the completed
 * jobs of the customer the dashboard already knows (saved 'customerInfo', looked up again through
 * GET /api/jobs/customer/:lookup), and otherwise lets the visitor find theirs by phone number or
 * job ID right here. `?job=JOB-…` preselects a job (the dashboard's Rate button sends it).
 *
 * The review request email's link carries the job's tracking token too
 * (`?job=…&token=…`): the page opens that job's form at once, the token being the proof, with
 * nothing to type; or says the job was reviewed already, or is not finished yet.
 */
import { use, useEffect, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { Card, Center, Loader, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconMessageStar } from '@tabler/icons-react';
import { documentRef, reviewableJobs } from '@pilbara/shared-schema';
import { usePageTitle } from '../lib/use-page-title';
import { FormPage } from '../components/form-page';
import { trackJob } from '../features/tracking/use-job-search';
import { FeedbackForm } from '../features/public-forms/feedback-form';
import { isJobIdLookup, useCustomerInfo } from '../features/tracking/customer-info';
import { useCustomerJobs } from '../features/tracking/use-customer-jobs';
import { CustomerLookupForm } from '../features/tracking/customer-lookup-form';
import { ReviewTemplateJobs } from '../features/public-forms/review-template';

const LEAD =
  'Tell us how we went. Every review is read by the owners, and it helps other Pilbara locals choose with confidence.';
const FEEDBACK_REFRESH_MS = 60_000;
const ALL_REVIEWED =
  'You have already reviewed every completed service we found. Thank you! A new one will show here once it is finished.';

/** What the review link's token opened: its job to review, or why there is nothing to review. */
type LinkedJob =
  | { state: 'loading' }
  | { state: 'review'; id: string; label: string }
  | { state: 'reviewed'; ref: string }
  | { state: 'not-finished'; ref: string }
  | { state: 'unknown' };

const FEEDBACK_LINK_TEXT = {
  reviewed: (ref: string) =>
    `Thank you: your review of job ${ref} is in. The owners read every one.`,
  notFinished: (ref: string) =>
    `Job ${ref} is not finished yet. The review opens here once it is complete.`,
} as const;

/** The job a review link (`?job=…&token=…`) names, looked up by its token. */
function useLinkedJob(token: string | null): LinkedJob | null {
  // Null at first in the browser too: the page was pre-rendered without the query.
  const [linked, setLinked] = useState<LinkedJob | null>(null);
  useEffect(() => {
    if (!token) return;
    let live = true;
    setLinked({ state: 'loading' });
    trackJob({ token })
      .then((found) => {
        if (!live) return;
        if (!found || !('job' in found)) return setLinked({ state: 'unknown' });
        const { job } = found;
        if (found.reviewed) return setLinked({ state: 'reviewed', ref: documentRef(job) });
        if (job.status !== 'Completed')
          return setLinked({ state: 'not-finished', ref: documentRef(job) });
        const [review] = reviewableJobs([job], []);
        if (review) setLinked({ state: 'review', ...review });
      })
      .catch(() => live && setLinked({ state: 'unknown' }));
    return () => {
      live = false;
    };
  }, [token]);
  return linked;
}

export function FeedbackPage() {
  usePageTitle('Customer Feedback');
  const [params] = useSearchParams();
  const preselected = params.get('job') ?? '';
  const linked = useLinkedJob(params.get('token'));
  const { info } = useCustomerInfo();
  // What finds the reviewer's jobs, and what proves them (docs/security.md): the phone saved on the
  // dashboard, or a job ID with the phone's last digits typed here.
  const [asked, setAsked] = useState<{ lookup: string; proof?: string } | null>(() => {
    if (info)
      return { lookup: info.lookup ?? info.phone, ...(info.proof ? { proof: info.proof } : {}) };
    return null;
  });
  const lookup = asked?.lookup ?? null;
  const { jobs, reviewedJobIds, loading } = useCustomerJobs(
    lookup,
    FEEDBACK_REFRESH_MS,
    asked?.proof,
  );
  const proof = asked?.proof ?? (lookup && !isJobIdLookup(lookup) ? lookup : undefined);
  // A job has one review (the server answers 409 to a second): one already reviewed is not
  // offered again.
  const finished = jobs.filter((job) => job.status === 'Completed');
  const completed = reviewableJobs(jobs, reviewedJobIds);
  const template = use(ReviewTemplateJobs);
  if (template) {
    return (
      <FormPage title="Customer Feedback" lead={LEAD}>
        <Card withBorder radius="md" padding="lg">
          <FeedbackForm jobs={template} proof={{}} />
        </Card>
      </FormPage>
    );
  }

  return (
    <FormPage title="Customer Feedback" lead={LEAD}>
      {linked && linked.state !== 'unknown' ? (
        linked.state === 'loading' ? (
          <Center py="xl">
            <Loader aria-label="Opening your review" />
          </Center>
        ) : linked.state === 'review' ? (
          <Card withBorder radius="md" padding="lg" data-testid="linked-review">
            <FeedbackForm
              jobs={[{ id: linked.id, label: linked.label }]}
              initialJobId={linked.id}
              proof={{ token: params.get('token') ?? '' }}
            />
          </Card>
        ) : (
          <Card withBorder radius="md" padding="xl" data-testid="linked-review-closed">
            <Text ta="center">
              {linked.state === 'reviewed'
                ? FEEDBACK_LINK_TEXT.reviewed(linked.ref)
                : FEEDBACK_LINK_TEXT.notFinished(linked.ref)}
            </Text>
          </Card>
        )
      ) : loading ? (
        <Center py="xl">
          <Loader aria-label="Loading your completed services" />
        </Center>
      ) : completed.length === 0 ? (
        <Card withBorder radius="md" padding="xl">
          <Stack align="center" gap="sm" ta="center">
            <ThemeIcon size={56} radius="xl" variant="light" aria-hidden>
              <IconMessageStar size={30} />
            </ThemeIcon>
            <Title order={2} size="h3">
              No Completed Services
            </Title>
            <Text c="dimmed" maw={480}>
              {lookup
                ? finished.length > 0
                  ? ALL_REVIEWED
                  : 'We could not find a completed service to review yet. Once your job is finished it will show here.'
                : 'Enter the phone number you booked with, or your job ID, to find your completed services.'}
            </Text>
          </Stack>
          <Stack mt="lg">
            <CustomerLookupForm
              onLookup={(next, digits) =>
                setAsked({ lookup: next, ...(digits ? { proof: digits } : {}) })
              }
              buttonLabel="Find My Services"
              formLabel="Find My Services"
              native
            />
          </Stack>
        </Card>
      ) : (
        <Card withBorder radius="md" padding="lg">
          <FeedbackForm
            key={completed.map((job) => job.id).join()}
            jobs={completed}
            initialJobId={preselected}
            proof={proof ? { phone: proof } : {}}
          />
        </Card>
      )}
    </FormPage>
  );
}
