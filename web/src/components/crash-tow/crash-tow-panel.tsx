/**
 * A crash tow's checklist before loading (WA's Towing Services Regulations 2025), on the
 * driver's screen and in the admin's job card: the Authority to Tow (its fields, the authoriser's
 * and the towing worker's signatures), the guided photos with time and position (each side, the
 * damage, the personal property), the dashboard camera reference and the personal property
 * list; then "Vehicle loaded", which the shared rule allows only once nothing is missing (or an
 * owner overrode the checks). Everything is saved on the phone first, so it works at a crash
 * scene with no signal; the PDF of the signed form downloads once there is signal.
 */
import { useState, type ChangeEvent } from 'react';
import {
  Alert,
  Badge,
  Button,
  Checkbox,
  Group,
  List,
  Modal,
  NumberInput,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Textarea,
  Title,
} from '@mantine/core';
import {
  IconAlertTriangle,
  IconCamera,
  IconCircleCheck,
  IconFileTypePdf,
  IconSignature,
  IconTruckLoading,
} from '@tabler/icons-react';
import {
  ATT_AUTHORISER_LABELS,
  ATT_TEXT,
  CRASH_PHOTO_LABELS,
  crashTowGaps,
  formatStampTime,
  mayPassLoading,
  type CrashPhotoSubject,
  type CrashTow,
  type Job,
  type PhotoStage,
  type PropertyItem,
  type SignedDocument,
} from '@pilbara/shared-schema';
import { useOnline } from '../../lib/use-online';
import { capturePhoto } from '../field-record/field-record-actions';
import { SignatureDialog } from '../field-record/signature-dialog';
import { useFieldRecord } from '../field-record/use-field-record';
import { AuthorityDialog } from './authority-dialog';
import {
  markCrashTow,
  markLoaded,
  overrideChecks,
  saveCrashTow,
  type WriteProblem,
} from './crash-tow-actions';
import { CRASH_TOW_TEXT } from './crash-tow-text';
import { useCrashTow } from './use-crash-tow';
import classes from './crash-tow.module.css';

/** The guided photos in order: where each is filed in the field record. */
const GUIDED: readonly {
  key: CrashPhotoSubject | 'damage';
  stage: PhotoStage;
  subject: CrashPhotoSubject | null;
}[] = [
  { key: 'front', stage: 'pickup', subject: 'front' },
  { key: 'rear', stage: 'pickup', subject: 'rear' },
  { key: 'left', stage: 'pickup', subject: 'left' },
  { key: 'right', stage: 'pickup', subject: 'right' },
  { key: 'damage', stage: 'damage', subject: null },
  { key: 'property', stage: 'other', subject: 'property' },
];

/** `2026-11-24T09:30` for a datetime-local input, in the device's zone (Perth on the phones). */
function localInput(iso: string | null): string {
  if (!iso) return '';
  const date = new Date(iso);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

function fromLocalInput(value: string): string | null {
  return value ? new Date(value).toISOString() : null;
}

function Section({
  title,
  done,
  children,
}: {
  title: string;
  done: boolean;
  children: React.ReactNode;
}) {
  return (
    <Paper withBorder radius="md" p="sm">
      <Stack gap="xs">
        <Group justify="space-between" gap="xs" wrap="nowrap">
          <Text fw={700} size="sm">
            {title}
          </Text>
          {done && (
            <IconCircleCheck size={18} color="var(--mantine-color-green-7)" aria-label="Done" />
          )}
        </Group>
        {children}
      </Stack>
    </Paper>
  );
}

function PhotoRow({
  jobId,
  entry,
  count,
}: {
  jobId: string;
  entry: (typeof GUIDED)[number];
  count: number;
}) {
  const [saving, setSaving] = useState(false);
  const label = CRASH_PHOTO_LABELS[entry.key];
  const onFiles = async (event: ChangeEvent<HTMLInputElement>) => {
    const files = Array.from(event.currentTarget.files ?? []);
    event.currentTarget.value = '';
    setSaving(true);
    for (const file of files)
      await capturePhoto(jobId, entry.stage, file, undefined, entry.subject);
    setSaving(false);
  };
  return (
    <Group
      justify="space-between"
      wrap="nowrap"
      gap="xs"
      data-testid="crash-photo"
      data-subject={entry.key}
    >
      <Group gap={6} wrap="nowrap" style={{ minWidth: 0 }}>
        {count > 0 ? (
          <IconCircleCheck size={18} color="var(--mantine-color-green-7)" aria-hidden />
        ) : (
          <IconCamera size={18} aria-hidden />
        )}
        <Text size="sm">{label}</Text>
        {count > 0 && (
          <Badge size="sm" variant="light" color="green">
            {count}
          </Badge>
        )}
      </Group>
      <Button
        component="label"
        size="xs"
        variant={count > 0 ? 'default' : 'filled'}
        leftSection={<IconCamera size={14} aria-hidden />}
        loading={saving}
        aria-label={`${CRASH_TOW_TEXT.takePhoto}: ${label}`}
      >
        {CRASH_TOW_TEXT.takePhoto}
        <input
          type="file"
          accept="image/*"
          capture="environment"
          hidden
          data-testid={`crash-photo-input-${entry.key}`}
          onChange={(event) => void onFiles(event)}
        />
      </Button>
    </Group>
  );
}

function DashcamSection({ tow, done }: { tow: CrashTow; done: boolean }) {
  const [camera, setCamera] = useState(tow.dashcamCamera ?? '');
  const [file, setFile] = useState(tow.dashcamFile ?? '');
  const [from, setFrom] = useState(localInput(tow.dashcamFrom));
  const [to, setTo] = useState(localInput(tow.dashcamTo));
  const [problem, setProblem] = useState<WriteProblem>(null);
  const [saved, setSaved] = useState(false);
  const save = async () => {
    const result = await saveCrashTow(tow.jobId, {
      dashcamCamera: camera,
      dashcamFile: file,
      dashcamFrom: fromLocalInput(from),
      dashcamTo: fromLocalInput(to),
    });
    setProblem(result);
    setSaved(result === null);
  };
  return (
    <Section title={CRASH_TOW_TEXT.dashcam} done={done}>
      <TextInput
        label={CRASH_TOW_TEXT.camera}
        description={CRASH_TOW_TEXT.cameraHint}
        value={camera}
        onChange={(event) => setCamera(event.currentTarget.value)}
        error={problem?.fields['patch.dashcamCamera']}
      />
      <TextInput
        label={CRASH_TOW_TEXT.file}
        description={CRASH_TOW_TEXT.fileHint}
        value={file}
        onChange={(event) => setFile(event.currentTarget.value)}
      />
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="xs">
        <TextInput
          type="datetime-local"
          label={CRASH_TOW_TEXT.from}
          value={from}
          onChange={(event) => setFrom(event.currentTarget.value)}
        />
        <TextInput
          type="datetime-local"
          label={CRASH_TOW_TEXT.to}
          value={to}
          onChange={(event) => setTo(event.currentTarget.value)}
          error={problem?.fields['patch.dashcamTo']}
        />
      </SimpleGrid>
      <Group gap="xs">
        <Button size="xs" variant="light" onClick={() => void save()}>
          {CRASH_TOW_TEXT.saveDashcam}
        </Button>
        {saved && !problem && (
          <Text size="xs" c="dimmed">
            {CRASH_TOW_TEXT.saved}
          </Text>
        )}
      </Group>
    </Section>
  );
}

function PropertySection({ tow, done, locked }: { tow: CrashTow; done: boolean; locked: boolean }) {
  const [description, setDescription] = useState('');
  const [quantity, setQuantity] = useState<number | string>(1);
  const [where, setWhere] = useState('');
  const [problem, setProblem] = useState<WriteProblem>(null);
  const saveItems = async (items: PropertyItem[], noProperty = false) => {
    setProblem(await saveCrashTow(tow.jobId, { propertyItems: items, noProperty }));
  };
  const add = async () => {
    if (!description.trim()) return;
    const item: PropertyItem = {
      id: crypto.randomUUID().slice(0, 8),
      description: description.trim(),
      quantity: Number(quantity) > 0 ? Math.floor(Number(quantity)) : 1,
      where: where.trim() || null,
    };
    await saveItems([...tow.propertyItems, item]);
    setDescription('');
    setQuantity(1);
    setWhere('');
  };
  return (
    <Section title={CRASH_TOW_TEXT.property} done={done}>
      <Checkbox
        classNames={{ label: classes.tapLabel }}
        label={CRASH_TOW_TEXT.noProperty}
        checked={tow.noProperty}
        disabled={locked || tow.propertyItems.length > 0}
        onChange={(event) =>
          void saveCrashTow(tow.jobId, { noProperty: event.currentTarget.checked })
        }
      />
      {tow.propertyItems.length > 0 && (
        <List size="sm" spacing={4} data-testid="property-list">
          {tow.propertyItems.map((item) => (
            <List.Item key={item.id}>
              <Group gap="xs" wrap="nowrap" justify="space-between">
                <Text size="sm">
                  {item.quantity} × {item.description}
                  {item.where ? ` (${item.where})` : ''}
                </Text>
                {!locked && (
                  <Button
                    size="compact-xs"
                    variant="subtle"
                    color="red"
                    onClick={() =>
                      void saveItems(tow.propertyItems.filter((i) => i.id !== item.id))
                    }
                  >
                    {CRASH_TOW_TEXT.remove}
                  </Button>
                )}
              </Group>
            </List.Item>
          ))}
        </List>
      )}
      {!locked && !tow.noProperty && (
        <Stack gap={6}>
          <TextInput
            label={CRASH_TOW_TEXT.item}
            value={description}
            onChange={(event) => setDescription(event.currentTarget.value)}
          />
          <Group gap="xs" wrap="nowrap" align="flex-end">
            <NumberInput
              label={CRASH_TOW_TEXT.quantity}
              value={quantity}
              onChange={setQuantity}
              min={1}
              max={999}
              w={80}
            />
            <TextInput
              label={CRASH_TOW_TEXT.where}
              value={where}
              onChange={(event) => setWhere(event.currentTarget.value)}
              style={{ flex: 1 }}
            />
          </Group>
          <Button
            size="xs"
            variant="light"
            onClick={() => void add()}
            disabled={!description.trim()}
          >
            {CRASH_TOW_TEXT.addItem}
          </Button>
        </Stack>
      )}
      {problem && (
        <Text size="sm" c="red" role="alert">
          {problem.message}
        </Text>
      )}
    </Section>
  );
}

function OverrideDialog({
  jobId,
  byName,
  onClose,
}: {
  jobId: string;
  byName: string;
  onClose: () => void;
}) {
  const [reason, setReason] = useState('');
  const [problem, setProblem] = useState<WriteProblem>(null);
  const save = async () => {
    const result = await overrideChecks(jobId, reason, byName);
    setProblem(result);
    if (!result) onClose();
  };
  return (
    <Modal opened onClose={onClose} title={CRASH_TOW_TEXT.overrideTitle} centered>
      <Stack gap="sm">
        <Textarea
          label={CRASH_TOW_TEXT.overrideReason}
          autosize
          minRows={3}
          value={reason}
          error={problem?.message}
          onChange={(event) => setReason(event.currentTarget.value)}
          data-autofocus
        />
        <Group justify="flex-end" gap="xs">
          <Button variant="default" onClick={onClose}>
            {CRASH_TOW_TEXT.cancel}
          </Button>
          <Button color="orange" onClick={() => void save()}>
            {CRASH_TOW_TEXT.overrideSave}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

/** "This is a crash tow": marks the job, opening its checklist. */
export function MarkCrashTowButton({ jobId }: { jobId: string }) {
  const [problem, setProblem] = useState<string | null>(null);
  return (
    <Stack gap={4}>
      <Button
        variant="light"
        color="orange"
        leftSection={<IconAlertTriangle size={18} aria-hidden />}
        onClick={async () => setProblem((await markCrashTow(jobId))?.message ?? null)}
      >
        {CRASH_TOW_TEXT.mark}
      </Button>
      {problem && (
        <Text size="sm" c="red" role="alert">
          {problem}
        </Text>
      )}
    </Stack>
  );
}

export interface CrashTowPanelProps {
  job: Pick<Job, 'id' | 'status'>;
  /** Who is signed in, as history and overrides name them. */
  actorName: string;
  /** Owners may override the checks; drivers may not. */
  canOverride: boolean;
}

/** The checklist of a job marked a crash tow; nothing for any other job. */
export function CrashTowPanel({ job, actorName, canOverride }: CrashTowPanelProps) {
  const tow = useCrashTow(job.id);
  const record = useFieldRecord(job.id);
  const online = useOnline();
  const [editing, setEditing] = useState(false);
  const [signing, setSigning] = useState<SignedDocument | null>(null);
  const [overriding, setOverriding] = useState(false);
  const [loading, setLoading] = useState(false);
  const [loadProblem, setLoadProblem] = useState<string | null>(null);
  if (!tow || !record) return null;

  const gaps = crashTowGaps(tow, record.photos, record.signatures);
  const loaded = tow.loadedAt !== null;
  const part = (name: string) => !gaps.some((gap) => gap.part === name);
  const signature = (document: SignedDocument) =>
    record.signatures.find((item) => item.document === document);
  const authoriser = signature('authority_to_tow');
  const worker = signature('att_towing_worker');
  const count = (entry: (typeof GUIDED)[number]) =>
    record.photos.filter((photo) =>
      entry.subject ? photo.subject === entry.subject : photo.stage === entry.stage,
    ).length;

  const load = async () => {
    setLoading(true);
    const problem = await markLoaded(job.id);
    setLoading(false);
    setLoadProblem(problem?.message ?? null);
  };

  return (
    <Stack gap="sm" data-testid="crash-tow" data-loaded={loaded || undefined}>
      <Group justify="space-between" gap="xs">
        <Title order={4} size="h5">
          {CRASH_TOW_TEXT.title}
        </Title>
        {loaded ? (
          <Badge color="green" variant="light">
            {CRASH_TOW_TEXT.loaded}
          </Badge>
        ) : gaps.length > 0 ? (
          <Badge color="orange" variant="light" data-testid="crash-tow-gaps">
            {CRASH_TOW_TEXT.toDo(gaps.length)}
          </Badge>
        ) : (
          <Badge color="green" variant="light">
            {CRASH_TOW_TEXT.ready}
          </Badge>
        )}
      </Group>

      <Section title={CRASH_TOW_TEXT.authority} done={part('authority')}>
        <Text size="sm" data-testid="att-summary">
          {tow.authorisedBy
            ? `${ATT_AUTHORISER_LABELS[tow.authorisedBy]}: ${tow.authoriserName ?? ''}`
            : CRASH_TOW_TEXT.notFilled}
        </Text>
        {tow.destination && (
          <Text size="xs" c="dimmed">
            To {tow.destination}
            {tow.charges ? ` · ${tow.charges}` : ''}
          </Text>
        )}
        {!loaded && (
          <Button
            size="xs"
            variant={tow.authorisedBy ? 'default' : 'filled'}
            onClick={() => setEditing(true)}
          >
            {tow.authorisedBy ? CRASH_TOW_TEXT.edit : CRASH_TOW_TEXT.fillIn}
          </Button>
        )}
        {(
          [
            ['authority_to_tow', CRASH_TOW_TEXT.authoriserSigns, authoriser],
            ['att_towing_worker', CRASH_TOW_TEXT.workerSigns, worker],
          ] as const
        ).map(([document, label, signed]) => (
          <Group key={document} justify="space-between" gap="xs" wrap="wrap">
            <Text size="sm" c={signed ? undefined : 'dimmed'}>
              {signed
                ? CRASH_TOW_TEXT.signed(signed.signerName, formatStampTime(signed.signedAt))
                : label}
            </Text>
            {!signed && (
              <Button
                size="xs"
                variant="light"
                leftSection={<IconSignature size={14} aria-hidden />}
                disabled={document === 'authority_to_tow' && !tow.authorisedBy}
                onClick={() => setSigning(document)}
              >
                {label}
              </Button>
            )}
          </Group>
        ))}
      </Section>

      <Section title={CRASH_TOW_TEXT.photos} done={part('photos')}>
        {GUIDED.map((entry) => (
          <PhotoRow key={entry.key} jobId={job.id} entry={entry} count={count(entry)} />
        ))}
      </Section>

      <DashcamSection tow={tow} done={part('dashcam')} />
      <PropertySection tow={tow} done={part('property')} locked={loaded} />

      {tow.overrideAt && (
        <Alert color="orange" variant="light" icon={<IconAlertTriangle size={18} aria-hidden />}>
          {CRASH_TOW_TEXT.overridden(tow.overrideByName ?? '', tow.overrideReason ?? '')}
        </Alert>
      )}

      {loaded ? (
        <Text size="sm" c="green.8" fw={600} data-testid="crash-tow-loaded">
          {CRASH_TOW_TEXT.loadedAt(formatStampTime(tow.loadedAt ?? ''))}
        </Text>
      ) : (
        <Stack gap="xs">
          {gaps.length > 0 && !mayPassLoading(tow) && (
            <Alert color="yellow" variant="light" title={CRASH_TOW_TEXT.stillMissing}>
              <List size="sm" spacing={2}>
                {gaps.map((gap) => (
                  <List.Item key={gap.message}>{gap.message}</List.Item>
                ))}
              </List>
            </Alert>
          )}
          <Button
            size="lg"
            color="green"
            leftSection={<IconTruckLoading size={22} aria-hidden />}
            disabled={gaps.length > 0 && !mayPassLoading(tow)}
            loading={loading}
            onClick={() => void load()}
          >
            {CRASH_TOW_TEXT.loaded}
          </Button>
          {loadProblem && (
            <Text size="sm" c="red" role="alert">
              {loadProblem}
            </Text>
          )}
          {canOverride && !tow.overrideAt && gaps.length > 0 && (
            <Button size="xs" variant="subtle" color="orange" onClick={() => setOverriding(true)}>
              {CRASH_TOW_TEXT.override}
            </Button>
          )}
        </Stack>
      )}

      <Group gap="xs" wrap="wrap">
        <Button
          component="a"
          href={online ? `/api/jobs/${encodeURIComponent(job.id)}/authority-to-tow.pdf` : undefined}
          download
          size="xs"
          variant="default"
          leftSection={<IconFileTypePdf size={14} aria-hidden />}
          data-disabled={online ? undefined : true}
          onClick={(event) => {
            if (!online) event.preventDefault();
          }}
        >
          {CRASH_TOW_TEXT.pdf}
        </Button>
        {!online && (
          <Text size="xs" c="dimmed">
            {CRASH_TOW_TEXT.pdfOffline}
          </Text>
        )}
      </Group>

      {editing && <AuthorityDialog tow={tow} onClose={() => setEditing(false)} />}
      {signing && (
        <SignatureDialog
          jobId={job.id}
          document={signing}
          opened
          title={
            signing === 'authority_to_tow'
              ? CRASH_TOW_TEXT.authoriserSigns
              : CRASH_TOW_TEXT.workerSigns
          }
          statement={
            signing === 'authority_to_tow' && tow.authorisedBy
              ? ATT_TEXT.statement[tow.authorisedBy]
              : undefined
          }
          onClose={() => setSigning(null)}
        />
      )}
      {overriding && (
        <OverrideDialog jobId={job.id} byName={actorName} onClose={() => setOverriding(false)} />
      )}
    </Stack>
  );
}
