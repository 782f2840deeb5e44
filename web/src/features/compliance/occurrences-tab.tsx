/**
 * Notifiable occurrences (regs 14, 29): each one with the time it must be reported to the
 * Department by (late ones marked) until the report is recorded with its reference.
 */
import { useState } from 'react';
import {
  Badge,
  Button,
  Card,
  Group,
  Modal,
  NativeSelect,
  Stack,
  Text,
  TextInput,
  Textarea,
} from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import {
  OCCURRENCE_KINDS,
  OCCURRENCE_KIND_LABELS,
  formatStampTime,
  occurrenceOverdue,
  occurrenceReportDueAt,
  type Occurrence,
  type OccurrenceKind,
} from '@pilbara/shared-schema';
import { occurrenceReported, recordOccurrence, type Problem } from './compliance-actions';
import { useNow, useOccurrences } from './compliance-data';
import { OCCURRENCES_TEXT } from './compliance-text';

function NewOccurrenceDialog({ byName, onClose }: { byName: string; onClose: () => void }) {
  const [kind, setKind] = useState<OccurrenceKind>('injury');
  const [when, setWhen] = useState('');
  const [jobId, setJobId] = useState('');
  const [description, setDescription] = useState('');
  const [problem, setProblem] = useState<Problem>(null);
  return (
    <Modal opened onClose={onClose} title={OCCURRENCES_TEXT.add} size="lg">
      <Stack gap="sm">
        <NativeSelect
          label={OCCURRENCES_TEXT.kind}
          value={kind}
          data={OCCURRENCE_KINDS.map((value) => ({ value, label: OCCURRENCE_KIND_LABELS[value] }))}
          onChange={(event) => setKind(event.currentTarget.value as OccurrenceKind)}
        />
        <TextInput
          type="datetime-local"
          label={OCCURRENCES_TEXT.when}
          value={when}
          onChange={(event) => setWhen(event.currentTarget.value)}
          error={problem?.fields.occurredAt}
        />
        <TextInput
          label={OCCURRENCES_TEXT.job}
          value={jobId}
          onChange={(event) => setJobId(event.currentTarget.value)}
          error={problem?.fields.jobId}
        />
        <Textarea
          label={OCCURRENCES_TEXT.description}
          autosize
          minRows={3}
          value={description}
          error={problem?.fields.description}
          onChange={(event) => setDescription(event.currentTarget.value)}
        />
        <Text size="xs" c="dimmed">
          {OCCURRENCES_TEXT.target}
        </Text>
        <Group justify="flex-end" gap="xs">
          <Button variant="default" onClick={onClose}>
            {OCCURRENCES_TEXT.cancel}
          </Button>
          <Button
            onClick={async () => {
              const result = await recordOccurrence({
                kind,
                occurredAt: when ? new Date(when).toISOString() : new Date().toISOString(),
                jobId: jobId.trim() || null,
                description,
                recordedBy: byName,
              });
              setProblem(result);
              if (!result) onClose();
            }}
          >
            {OCCURRENCES_TEXT.save}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

function ReportedDialog({ occurrence, onClose }: { occurrence: Occurrence; onClose: () => void }) {
  const [reference, setReference] = useState('');
  const [problem, setProblem] = useState<Problem>(null);
  return (
    <Modal opened onClose={onClose} title={OCCURRENCES_TEXT.markReported} centered>
      <Stack gap="sm">
        <TextInput
          label={OCCURRENCES_TEXT.reference}
          value={reference}
          error={problem?.message}
          onChange={(event) => setReference(event.currentTarget.value)}
          data-autofocus
        />
        <Group justify="flex-end" gap="xs">
          <Button variant="default" onClick={onClose}>
            {OCCURRENCES_TEXT.cancel}
          </Button>
          <Button
            onClick={async () => {
              const result = await occurrenceReported({
                id: occurrence.id,
                reportReference: reference,
              });
              setProblem(result);
              if (!result) onClose();
            }}
          >
            {OCCURRENCES_TEXT.save}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

export function OccurrencesTab({ byName }: { byName: string }) {
  const occurrences = useOccurrences();
  const now = useNow();
  const [adding, setAdding] = useState(false);
  const [reporting, setReporting] = useState<Occurrence | null>(null);
  if (!occurrences) return null;
  return (
    <Stack gap="sm">
      <Group>
        <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={() => setAdding(true)}>
          {OCCURRENCES_TEXT.add}
        </Button>
      </Group>
      {occurrences.length === 0 && <Text c="dimmed">{OCCURRENCES_TEXT.empty}</Text>}
      {occurrences.map((occurrence) => {
        const overdue = occurrenceOverdue(occurrence, now);
        return (
          <Card key={occurrence.id} withBorder radius="md" padding="sm" data-testid="occurrence">
            <Stack gap={6}>
              <Group justify="space-between" gap="xs" wrap="wrap">
                <Text fw={700}>{OCCURRENCE_KIND_LABELS[occurrence.kind]}</Text>
                {occurrence.reportedAt ? (
                  <Badge color="green" variant="light">
                    {OCCURRENCES_TEXT.reported(
                      formatStampTime(occurrence.reportedAt),
                      occurrence.reportReference ?? '',
                    )}
                  </Badge>
                ) : (
                  <Badge
                    color={overdue ? 'red' : 'orange'}
                    variant="light"
                    data-testid="occurrence-due"
                  >
                    {overdue
                      ? OCCURRENCES_TEXT.overdue
                      : OCCURRENCES_TEXT.reportBy(
                          formatStampTime(occurrenceReportDueAt(occurrence.awareAt)),
                        )}
                  </Badge>
                )}
              </Group>
              <Text size="xs" c="dimmed">
                {formatStampTime(occurrence.occurredAt)} · {occurrence.recordedBy}
                {occurrence.jobId ? ` · ${occurrence.jobId}` : ''}
              </Text>
              <Text size="sm">{occurrence.description}</Text>
              {!occurrence.reportedAt && (
                <Group>
                  <Button size="xs" onClick={() => setReporting(occurrence)}>
                    {OCCURRENCES_TEXT.markReported}
                  </Button>
                </Group>
              )}
            </Stack>
          </Card>
        );
      })}
      {adding && <NewOccurrenceDialog byName={byName} onClose={() => setAdding(false)} />}
      {reporting && <ReportedDialog occurrence={reporting} onClose={() => setReporting(null)} />}
    </Stack>
  );
}
