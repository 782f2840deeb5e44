/**
 * The complaints register (regs 15, 16): each complaint with the next stage of the procedure and
 * when it is due (late ones marked) until it is resolved, the buttons that record each stage,
 * a complaint received by phone or in person, and the register's export.
 */
import { useState } from 'react';
import {
  Badge,
  Button,
  Card,
  Group,
  Modal,
  NativeSelect,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Textarea,
} from '@mantine/core';
import { IconFileTypeCsv, IconPlus } from '@tabler/icons-react';
import {
  COMPLAINT_CHANNELS,
  COMPLAINT_CHANNEL_LABELS,
  COMPLAINT_STAGE_LABELS,
  complaintStages,
  formatStampTime,
  nextComplaintStage,
  type Complaint,
  type ComplaintChannel,
  type ComplaintStage,
} from '@pilbara/shared-schema';
import { useOnline } from '../../lib/use-online';
import { advanceComplaint, recordComplaint, type Problem } from './compliance-actions';
import { useComplaints, useNow } from './compliance-data';
import { COMPLAINTS_TEXT } from './compliance-text';

function StageDialog({
  complaint,
  stage,
  byName,
  onClose,
}: {
  complaint: Complaint;
  stage: ComplaintStage;
  byName: string;
  onClose: () => void;
}) {
  const [note, setNote] = useState('');
  const [problem, setProblem] = useState<Problem>(null);
  const save = async () => {
    const result =
      stage === 'acknowledged'
        ? await advanceComplaint({ id: complaint.id, stage, by: byName })
        : stage === 'investigated'
          ? await advanceComplaint({ id: complaint.id, stage, findings: note })
          : await advanceComplaint({ id: complaint.id, stage, outcome: note });
    setProblem(result);
    if (!result) onClose();
  };
  return (
    <Modal
      opened
      onClose={onClose}
      title={`${COMPLAINT_STAGE_LABELS[stage]}: complaint ${complaint.id}`}
      centered
    >
      <Stack gap="sm">
        {stage !== 'acknowledged' && (
          <Textarea
            label={stage === 'investigated' ? COMPLAINTS_TEXT.findings : COMPLAINTS_TEXT.outcome}
            autosize
            minRows={3}
            value={note}
            error={problem?.message}
            onChange={(event) => setNote(event.currentTarget.value)}
            data-autofocus
          />
        )}
        {stage === 'acknowledged' && problem && (
          <Text c="red" size="sm">
            {problem.message}
          </Text>
        )}
        <Group justify="flex-end" gap="xs">
          <Button variant="default" onClick={onClose}>
            {COMPLAINTS_TEXT.cancel}
          </Button>
          <Button onClick={() => void save()}>{COMPLAINTS_TEXT.save}</Button>
        </Group>
      </Stack>
    </Modal>
  );
}

function NewComplaintDialog({ onClose }: { onClose: () => void }) {
  const [channel, setChannel] = useState<ComplaintChannel>('phone');
  const [values, setValues] = useState({
    name: '',
    phone: '',
    email: '',
    reference: '',
    details: '',
  });
  const [problem, setProblem] = useState<Problem>(null);
  const field = (name: keyof typeof values, label: string) => (
    <TextInput
      label={label}
      value={values[name]}
      error={problem?.fields[name]}
      onChange={(event) => {
        const value = event.currentTarget.value;
        setValues((current) => ({ ...current, [name]: value }));
      }}
    />
  );
  return (
    <Modal opened onClose={onClose} title={COMPLAINTS_TEXT.add} size="lg">
      <Stack gap="sm">
        <NativeSelect
          label={COMPLAINTS_TEXT.channel}
          value={channel}
          data={COMPLAINT_CHANNELS.filter((c) => c !== 'web').map((value) => ({
            value,
            label: COMPLAINT_CHANNEL_LABELS[value],
          }))}
          onChange={(event) => setChannel(event.currentTarget.value as ComplaintChannel)}
        />
        {field('name', COMPLAINTS_TEXT.name)}
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          {field('phone', COMPLAINTS_TEXT.phone)}
          {field('email', COMPLAINTS_TEXT.email)}
        </SimpleGrid>
        {field('reference', COMPLAINTS_TEXT.reference)}
        <Textarea
          label={COMPLAINTS_TEXT.details}
          autosize
          minRows={3}
          value={values.details}
          error={problem?.fields.details}
          onChange={(event) => {
            const value = event.currentTarget.value;
            setValues((current) => ({ ...current, details: value }));
          }}
        />
        <Group justify="flex-end" gap="xs">
          <Button variant="default" onClick={onClose}>
            {COMPLAINTS_TEXT.cancel}
          </Button>
          <Button
            onClick={async () => {
              const result = await recordComplaint({ ...values, channel });
              setProblem(result);
              if (!result) onClose();
            }}
          >
            {COMPLAINTS_TEXT.save}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

const STAGE_BUTTON: Record<ComplaintStage, string> = {
  acknowledged: COMPLAINTS_TEXT.acknowledge,
  investigated: COMPLAINTS_TEXT.investigate,
  resolved: COMPLAINTS_TEXT.resolve,
};

function ComplaintCard({
  complaint,
  now,
  byName,
}: {
  complaint: Complaint;
  now: string;
  byName: string;
}) {
  const [stage, setStage] = useState<ComplaintStage | null>(null);
  const next = nextComplaintStage(complaint, now);
  const stages = complaintStages(complaint, now);
  return (
    <Card
      withBorder
      radius="md"
      padding="sm"
      data-testid="complaint"
      data-complaint-id={complaint.id}
    >
      <Stack gap={6}>
        <Group justify="space-between" gap="xs" wrap="wrap">
          <Text fw={700}>
            {complaint.id}. {complaint.name}
          </Text>
          {next ? (
            <Badge
              color={next.late ? 'red' : 'orange'}
              variant="light"
              data-testid="complaint-next"
            >
              {COMPLAINTS_TEXT.next(
                COMPLAINT_STAGE_LABELS[next.stage],
                formatStampTime(next.dueAt),
              )}
              {next.late ? ` · ${COMPLAINTS_TEXT.late}` : ''}
            </Badge>
          ) : (
            <Badge color="green" variant="light" data-testid="complaint-next">
              {COMPLAINTS_TEXT.done}
            </Badge>
          )}
        </Group>
        <Text size="xs" c="dimmed">
          {COMPLAINTS_TEXT.received(
            formatStampTime(complaint.receivedAt),
            COMPLAINT_CHANNEL_LABELS[complaint.channel],
          )}
          {complaint.phone ? ` · ${complaint.phone}` : ''}
          {complaint.email ? ` · ${complaint.email}` : ''}
          {complaint.reference ? ` · ${complaint.reference}` : ''}
        </Text>
        <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
          {complaint.details}
        </Text>
        {stages
          .filter((state) => state.doneAt)
          .map((state) => (
            <Text key={state.stage} size="xs" c={state.late ? 'red.8' : 'dimmed'}>
              {COMPLAINT_STAGE_LABELS[state.stage]} {formatStampTime(state.doneAt ?? '')}
              {state.stage === 'acknowledged' && complaint.acknowledgedBy
                ? ` by ${complaint.acknowledgedBy}`
                : ''}
              {state.stage === 'investigated' && complaint.findings
                ? `: ${complaint.findings}`
                : ''}
              {state.stage === 'resolved' && complaint.outcome ? `: ${complaint.outcome}` : ''}
            </Text>
          ))}
        {next && (
          <Group>
            <Button size="xs" onClick={() => setStage(next.stage)}>
              {STAGE_BUTTON[next.stage]}
            </Button>
          </Group>
        )}
      </Stack>
      {stage && (
        <StageDialog
          complaint={complaint}
          stage={stage}
          byName={byName}
          onClose={() => setStage(null)}
        />
      )}
    </Card>
  );
}

export function ComplaintsTab({ byName }: { byName: string }) {
  const complaints = useComplaints();
  const now = useNow();
  const online = useOnline();
  const [adding, setAdding] = useState(false);
  if (!complaints) return null;
  return (
    <Stack gap="sm">
      <Group gap="sm">
        <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={() => setAdding(true)}>
          {COMPLAINTS_TEXT.add}
        </Button>
        <Button
          component="a"
          href={online ? '/api/compliance/complaints.csv' : undefined}
          download
          variant="default"
          leftSection={<IconFileTypeCsv size={16} aria-hidden />}
          data-disabled={online ? undefined : true}
          data-testid="complaints-csv"
          onClick={(event) => {
            if (!online) event.preventDefault();
          }}
        >
          {COMPLAINTS_TEXT.export}
        </Button>
      </Group>
      {complaints.length === 0 && <Text c="dimmed">{COMPLAINTS_TEXT.empty}</Text>}
      {complaints.map((complaint) => (
        <ComplaintCard key={complaint.id} complaint={complaint} now={now} byName={byName} />
      ))}
      {adding && <NewComplaintDialog onClose={() => setAdding(false)} />}
    </Stack>
  );
}
