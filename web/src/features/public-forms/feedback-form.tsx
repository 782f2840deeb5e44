import { Controller } from 'react-hook-form';
import { Group, Radio, SimpleGrid, Textarea } from '@mantine/core';
import { RECOMMEND_OPTIONS, type FeedbackInput, type ReviewableJob } from '@pilbara/shared-schema';
import { LazySelectField as SelectField } from '../../components/lazy-select-field';
import { registerField } from '../../components/register-field';
import { PublicFormFrame } from './public-form-frame';
import { usePublicForm } from './use-public-form';
import { SubmitButton } from '../../components/submit-button';
import { ScoreField } from './score-field';

const loadResolver = () => import('./form-resolvers').then((m) => m.feedbackResolver());

const RECOMMEND_LABELS: Record<(typeof RECOMMEND_OPTIONS)[number], string> = {
  yes: 'Yes',
  no: 'No',
  maybe: 'Maybe',
};

function emptyFeedback(jobId = ''): FeedbackInput {
  // Scores start at 0 (nothing chosen) so an unrated score shows its message instead of a guess.
  return {
    jobId,
    rating: 0,
    serviceQuality: 0,
    responseTime: 0,
    communication: 0,
    value: 0,
    comments: '',
    recommend: '' as FeedbackInput['recommend'],
    improvements: '',
  };
}

/** The review form of the feedback page (docs/features.md), for one of the given completed jobs. */
export function FeedbackForm({
  jobs,
  initialJobId = '',
  proof,
}: {
  jobs: ReviewableJob[];
  initialJobId?: string;
  /**
   * What proves the jobs are the reviewer's (docs/security.md): their phone, or a tracking
   * token.
   */
  proof: { phone?: string; token?: string };
}) {
  const empty = () => ({ ...emptyFeedback(), ...proof });
  const { form, onSubmit, sending, formKey } = usePublicForm('feedback', loadResolver, empty, {
    ...emptyFeedback(jobs.some((job) => job.id === initialJobId) ? initialJobId : ''),
    ...proof,
  });

  return (
    <PublicFormFrame kind="feedback" label="Leave Feedback" onSubmit={onSubmit} formKey={formKey}>
      <SelectField
        control={form.control}
        name="jobId"
        label="Which service are you reviewing?"
        placeholder="Select a completed job"
        withAsterisk
        data={jobs.map((job) => ({ value: job.id, label: job.label }))}
        allowDeselect={false}
      />
      <ScoreField control={form.control} name="rating" label="Overall Rating" />
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
        <ScoreField control={form.control} name="serviceQuality" label="Service Quality" />
        <ScoreField control={form.control} name="responseTime" label="Response Time" />
        <ScoreField control={form.control} name="communication" label="Communication" />
        <ScoreField control={form.control} name="value" label="Value for Money" />
      </SimpleGrid>
      <Textarea
        label="Your Comments"
        placeholder="How did we go? What stood out?"
        withAsterisk
        autosize
        minRows={4}
        {...registerField(form, 'comments')}
      />
      <Controller
        control={form.control}
        name="recommend"
        render={({ field, fieldState }) => (
          <Radio.Group
            label="Would you recommend us to a friend?"
            withAsterisk
            name={field.name}
            value={field.value ?? ''}
            onChange={field.onChange}
            error={fieldState.error?.message}
          >
            <Group mt="xs" gap="lg">
              {RECOMMEND_OPTIONS.map((option) => (
                <Radio key={option} value={option} label={RECOMMEND_LABELS[option]} />
              ))}
            </Group>
          </Radio.Group>
        )}
      />
      <Textarea
        label="What could we improve? (optional)"
        autosize
        minRows={2}
        {...registerField(form, 'improvements')}
      />
      <SubmitButton native size="md" mih={48} disabled={sending}>
        {sending ? 'Sending...' : 'Submit Feedback'}
      </SubmitButton>
    </PublicFormFrame>
  );
}
