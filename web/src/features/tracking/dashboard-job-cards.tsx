/**
 * The customer dashboard's job cards: an active job with Track Live, Call Driver and Message; a
 * finished one in History with Invoice and Rate.
 */
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import {
  Badge,
  Button,
  Card,
  Group,
  Progress,
  SimpleGrid,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import {
  IconCheck,
  IconFileInvoice,
  IconMessage,
  IconPhone,
  IconStar,
  IconTruck,
} from '@tabler/icons-react';
import {
  arrivalEstimate,
  arrivalText,
  documentRef,
  trackingPath,
  type Job,
  formatDate,
} from '@pilbara/shared-schema';
import { useOperators, useProfile } from '../../components/profile-provider';
import { telHref } from '../../lib/format';
import { JobStatusBadge } from './job-status-badge';

/** The number a customer reaches their driver on: the assigned co-owner's, else the main line. */
function useDriverPhone(assignedTo: string | null | undefined): string {
  const { owners } = useProfile();
  const { main } = useOperators();
  const driver = owners.find((owner) => assignedTo && owner.name === assignedTo);
  return (driver ?? main).phone;
}

function smsHref(phone: string, body: string): string {
  return `sms:${telHref(phone).slice('tel:'.length)}?body=${encodeURIComponent(body)}`;
}

/** One labelled fact of a job: "Location: Karratha". */
function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Text size="sm">
      <Text span fw={600}>
        {label}:{' '}
      </Text>
      {children}
    </Text>
  );
}

/** A plain button that opens a tel:, sms: or mailto: link, tall enough for a thumb. */
function HrefButton({
  href,
  icon,
  size,
  children,
}: {
  href: string;
  icon: ReactNode;
  size?: 'sm';
  children: ReactNode;
}) {
  return (
    <Button component="a" href={href} variant="default" size={size} leftSection={icon} mih={44}>
      {children}
    </Button>
  );
}

export function ActiveJobCard({ job }: { job: Job }) {
  const { depot } = useProfile();
  const phone = useDriverPhone(job.assignedTo);
  return (
    <Card withBorder radius="md" padding="lg" data-testid="active-job">
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start" wrap="wrap" gap="xs">
          <Stack gap={2}>
            <Title order={3} size="h4">
              {job.service}
            </Title>
            <Text size="sm" c="dimmed">
              Job ID:{' '}
              <Text span ff="monospace" c="dark" fw={600}>
                {documentRef(job)}
              </Text>
            </Text>
          </Stack>
          <JobStatusBadge status={job.status} />
        </Group>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="xs">
          <Fact label="Location">{job.location}</Fact>
          <Fact label="Estimated arrival">
            {/* The one rule (rules/arrival.ts). The dashboard has no truck position: a truck on
                its way is timed on the tracking page, never guessed differently here. */}
            {job.status === 'En Route'
              ? 'On the way: Track Live shows where the truck is and when it arrives'
              : arrivalText(arrivalEstimate(job, null, new Date(), depot))}
          </Fact>
          {job.assignedTo ? <Fact label="Assigned to">{job.assignedTo}</Fact> : null}
        </SimpleGrid>
        {job.progress > 0 ? (
          <Stack gap={4}>
            <Group justify="space-between">
              <Text size="sm" fw={600}>
                Progress
              </Text>
              <Text size="sm">{job.progress}%</Text>
            </Group>
            <Progress value={job.progress} radius="xl" aria-label={`Progress ${job.progress}%`} />
          </Stack>
        ) : null}
        <Group gap="xs" wrap="wrap">
          <Button
            component={Link}
            // The tracking link carries the job's token (docs/security.md), never the id alone.
            to={job.trackingToken ? trackingPath(job.trackingToken) : '/customer-portal'}
            leftSection={<IconTruck size={18} />}
            mih={44}
          >
            Track Live
          </Button>
          <HrefButton href={telHref(phone)} icon={<IconPhone size={18} />}>
            Call Driver
          </HrefButton>
          <HrefButton
            href={smsHref(phone, `Hi, about my job ${documentRef(job)}: `)}
            icon={<IconMessage size={18} />}
          >
            Message
          </HrefButton>
        </Group>
      </Stack>
    </Card>
  );
}
/**
 * A finished job in History: its tax invoice by email, and Rate while the customer has not
 * reviewed it (a job has one review; a second would be refused).
 */
export function HistoryJobCard({ job, reviewed }: { job: Job; reviewed: boolean }) {
  const { email } = useProfile();
  const ref = documentRef(job);
  const invoiceHref = `mailto:${email}?subject=${encodeURIComponent(`Tax invoice for job ${ref}`)}&body=${encodeURIComponent(`Please send me the tax invoice for job ${ref} (${job.service}).`)}`;
  return (
    <Card withBorder radius="md" padding="lg" data-testid="history-job">
      <Group justify="space-between" align="flex-start" wrap="wrap" gap="sm">
        <Stack gap={4}>
          <Group gap="xs">
            <Title order={3} size="h4">
              {job.service}
            </Title>
            <Badge
              variant="light"
              color="gray"
              c="gray.9"
              leftSection={<IconCheck size={12} aria-hidden />}
            >
              Completed
            </Badge>
          </Group>
          <Text size="sm" c="dimmed">
            {formatDate(job.createdAt)} · {job.location}
          </Text>
          <Text size="sm" ff="monospace">
            {ref}
          </Text>
        </Stack>
        <Group gap="xs">
          <HrefButton href={invoiceHref} icon={<IconFileInvoice size={16} />} size="sm">
            Invoice
          </HrefButton>
          {reviewed ? (
            <Badge
              variant="light"
              color="green"
              size="lg"
              leftSection={<IconStar size={12} aria-hidden />}
              data-testid="history-reviewed"
            >
              Reviewed
            </Badge>
          ) : (
            <Button
              component={Link}
              to={`/feedback?job=${encodeURIComponent(job.id)}`}
              variant="light"
              size="sm"
              leftSection={<IconStar size={16} />}
              mih={44}
            >
              Rate
            </Button>
          )}
        </Group>
      </Group>
    </Card>
  );
}
