/**
 * Reviews on the admin panel: the average rating and how many reviews there are, the newest
 * ones with their job and what the customer wrote, and an owner's answer by email (kept with the
 * review). A review of 2 stars or less is marked, as the owners were emailed about it. Reads the
 * synced reviews and jobs in Dexie, so it shows what this device has with no signal; answering
 * needs a connection, since the server sends the email.
 */
import { useState } from 'react';
import { Badge, Button, Card, Group, Rating, Stack, Text, Textarea, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconMailForward, IconStar } from '@tabler/icons-react';
import {
  MESSAGES,
  TOAST_DURATIONS,
  documentRef,
  shownId,
  isLowRating,
  replyInputSchema,
  reviewSummary,
  type Feedback,
  type Job,
  formatDateTime,
} from '@pilbara/shared-schema';
import { apiRequest, isNetworkError, serverMessage } from '../../lib/http';
import { db, usePacedLiveQuery } from '../../sync';
import { REVIEW_TEXT } from './admin-text';
import classes from './admin.module.css';

/** How many reviews the card shows before "Show all". */
const SHOWN = 3;

function useReviews(): { reviews: Feedback[]; jobs: Map<string, Job> } | undefined {
  return usePacedLiveQuery(async () => {
    const reviews = ((await db.feedback.toArray()) as Feedback[]).sort(
      (a, b) => b.createdAt.localeCompare(a.createdAt) || b.id - a.id,
    );
    const jobs = (await db.jobs.bulkGet(reviews.map((review) => review.jobId))) as (
      Job | undefined
    )[];
    return {
      reviews,
      jobs: new Map(jobs.flatMap((job) => (job ? [[job.id, job] as const] : []))),
    };
  }, []);
}

function AnswerBox({ review, onDone }: { review: Feedback; onDone: () => void }) {
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
      await apiRequest(`/api/feedback/${review.id}/reply`, { body: parsed.data });
      notifications.show({
        message: REVIEW_TEXT.answered,
        color: 'green',
        autoClose: TOAST_DURATIONS.default,
      });
      onDone();
    } catch (failure) {
      setError(
        isNetworkError(failure)
          ? REVIEW_TEXT.needsConnection
          : (serverMessage(failure) ?? MESSAGES.REPLY_FAILED),
      );
    } finally {
      setSending(false);
    }
  };
  return (
    <Stack gap="xs">
      <Textarea
        label={REVIEW_TEXT.answerLabel}
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
          {REVIEW_TEXT.back}
        </Button>
        <Button
          loading={sending}
          leftSection={<IconMailForward size={16} aria-hidden />}
          onClick={() => void send()}
        >
          {REVIEW_TEXT.send}
        </Button>
      </Group>
    </Stack>
  );
}

function ReviewItem({ review, job }: { review: Feedback; job: Job | undefined }) {
  const [answering, setAnswering] = useState(false);
  const low = isLowRating(review.rating);
  return (
    <Stack
      gap={4}
      className={classes.review}
      data-testid="review"
      data-review-id={String(review.id)}
    >
      <Group justify="space-between" gap="xs" wrap="wrap">
        <Group gap="xs" wrap="wrap">
          <Rating
            value={review.rating}
            readOnly
            size="sm"
            aria-label={`${review.rating} out of 5`}
          />
          {low && (
            <Badge color="red" variant="light">
              {REVIEW_TEXT.low}
            </Badge>
          )}
          <Text size="sm" fw={600}>
            {job ? `${documentRef(job)} · ${job.customerName}` : shownId(review.jobId)}
          </Text>
        </Group>
        <Text size="xs" c="dimmed">
          {formatDateTime(review.createdAt)}
        </Text>
      </Group>
      <Text size="sm" className={classes.detail} style={{ whiteSpace: 'pre-wrap' }}>
        {review.comments}
      </Text>
      {review.improvements && (
        <Text size="sm" c="dimmed" className={classes.detail}>
          {REVIEW_TEXT.improvements}: {review.improvements}
        </Text>
      )}
      {(review.replies ?? []).map((reply) => (
        <Text key={reply.id} size="sm" c={reply.status === 'failed' ? 'red.8' : 'dimmed'}>
          {REVIEW_TEXT.answeredBy(reply.by, formatDateTime(reply.at), reply.status)}: {reply.text}
        </Text>
      ))}
      {answering ? (
        <AnswerBox review={review} onDone={() => setAnswering(false)} />
      ) : (
        job?.email && (
          <Button
            size="xs"
            variant="subtle"
            leftSection={<IconMailForward size={14} aria-hidden />}
            onClick={() => setAnswering(true)}
            style={{ alignSelf: 'flex-start' }}
          >
            {REVIEW_TEXT.answer}
          </Button>
        )
      )}
    </Stack>
  );
}

export function ReviewsCard() {
  const data = useReviews();
  const [all, setAll] = useState(false);
  if (!data) return null;
  const { count, average } = reviewSummary(data.reviews);
  const shown = all ? data.reviews : data.reviews.slice(0, SHOWN);
  return (
    <Card withBorder radius="md" padding="md" data-testid="reviews-card">
      <Stack gap="sm">
        <Group justify="space-between" wrap="wrap" gap="xs">
          <Group gap="xs">
            <IconStar size={20} aria-hidden />
            <Title order={2} size="h4">
              {REVIEW_TEXT.title}
            </Title>
          </Group>
          <Text fw={700} data-testid="reviews-summary">
            {REVIEW_TEXT.summary(average, count)}
          </Text>
        </Group>
        {count === 0 && (
          <Text size="sm" c="dimmed">
            {REVIEW_TEXT.none}
          </Text>
        )}
        {shown.map((review) => (
          <ReviewItem key={review.id} review={review} job={data.jobs.get(review.jobId)} />
        ))}
        {count > SHOWN && (
          <Button variant="subtle" size="xs" onClick={() => setAll((open) => !open)}>
            {all ? REVIEW_TEXT.fewer : REVIEW_TEXT.all(count)}
          </Button>
        )}
      </Stack>
    </Card>
  );
}
