/**
 * The job's field record, in the admin job card and on the driver's screen (so it lives here
 * rather than in either feature): take condition photos by stage from
 * the camera or gallery, collect the two signatures, see every photo by stage (full size on tap)
 * and which are only on this phone, and download the job sheet. Everything but the download
 * works offline; the sync status chip counts what is still uploading.
 */
import { useState, type ChangeEvent } from 'react';
import {
  Badge,
  Button,
  type ButtonProps,
  Group,
  Modal,
  SimpleGrid,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { IconCamera, IconFileTypePdf, IconPhoto, IconSignature } from '@tabler/icons-react';
import {
  CONDITION_PHOTO_CORNERS,
  CONDITION_PHOTO_STAGES,
  FIELD_RECORD_TEXT,
  PHOTO_STAGES,
  PHOTO_STAGE_LABELS,
  SIGNATURE_DOCUMENTS,
  SIGNATURE_DOCUMENT_TEXT,
  formatPosition,
  formatStampTime,
  groupByStage,
  jobSheetUrl,
  signatureUrl,
  staffPhotoUrl,
  type JobPhoto,
  type JobSignature,
  type PhotoStage,
  type SignatureDocument,
} from '@pilbara/shared-schema';
import { megabytes } from '../../lib/field-capture';
import { useOnline } from '../../lib/use-online';
import type { LocalFieldFile } from '../../sync';
import { capturePhoto } from './field-record-actions';
import { SignatureDialog } from './signature-dialog';
import { useObjectUrl } from '../../lib/use-object-url';
import { useDeviceSpace, useFieldRecord } from './use-field-record';
import classes from './field-record.module.css';

/** Whether photos of this stage count the vehicle's four corners (pickup and drop-off). */
function isConditionStage(stage: PhotoStage): boolean {
  return (CONDITION_PHOTO_STAGES as readonly PhotoStage[]).includes(stage);
}

/** Whether a record's bytes are still only on this phone. */
function onlyHere(local: LocalFieldFile | undefined): boolean {
  // A confirmed file keeps its bytes a week more (sync/field-files.ts) but is on the server.
  return local !== undefined && local.full !== null && local.uploadedAt === null;
}

function OnlyOnPhoneBadge({ local }: { local: LocalFieldFile | undefined }) {
  if (!onlyHere(local)) return null;
  return (
    <Badge
      size="xs"
      color="yellow"
      variant="filled"
      className={classes.thumbBadge}
      title={local?.lastError ?? undefined}
      data-testid="only-on-phone"
    >
      {FIELD_RECORD_TEXT.onlyOnThisPhone}
    </Badge>
  );
}

function PhotoThumb({
  photo,
  local,
  label,
  onOpen,
}: {
  photo: JobPhoto;
  local: LocalFieldFile | undefined;
  label: string;
  onOpen: () => void;
}) {
  const localUrl = useObjectUrl(local?.thumb, 'image/jpeg');
  const src = localUrl ?? (local ? null : staffPhotoUrl(photo.id, 'thumb'));
  return (
    <Stack gap={2} data-testid="field-photo" data-stage={photo.stage} data-photo-id={photo.id}>
      <button type="button" className={classes.thumbButton} onClick={onOpen} aria-label={label}>
        {src ? (
          <img src={src} alt={label} className={classes.thumb} loading="lazy" />
        ) : (
          <div className={classes.thumb} />
        )}
        <OnlyOnPhoneBadge local={local} />
      </button>
      <Text size="xs">{formatStampTime(photo.takenAt)}</Text>
      <Text size="xs" c="dimmed" lineClamp={2}>
        {formatPosition(photo)}
      </Text>
    </Stack>
  );
}

/** The full-size photo: from this phone while it holds it, else from the server. */
function PhotoViewer({
  photo,
  local,
  onClose,
}: {
  photo: JobPhoto | null;
  local: LocalFieldFile | undefined;
  onClose: () => void;
}) {
  const localUrl = useObjectUrl(local?.full, 'image/jpeg');
  const src = localUrl ?? (photo ? staffPhotoUrl(photo.id, 'full') : null);
  return (
    <Modal
      opened={photo !== null}
      onClose={onClose}
      size="xl"
      title={photo ? `${PHOTO_STAGE_LABELS[photo.stage]} · ${formatStampTime(photo.takenAt)}` : ''}
    >
      {photo && src && (
        <Stack gap="xs">
          <img src={src} alt={PHOTO_STAGE_LABELS[photo.stage]} className={classes.fullImage} />
          <Text size="sm" c="dimmed">
            {formatPosition(photo)} · {photo.width} × {photo.height}
          </Text>
        </Stack>
      )}
    </Modal>
  );
}

function SignatureRow({
  document,
  signature,
  local,
  onSign,
}: {
  document: SignatureDocument;
  signature: JobSignature | undefined;
  local: LocalFieldFile | undefined;
  onSign: () => void;
}) {
  const text = SIGNATURE_DOCUMENT_TEXT[document];
  const localUrl = useObjectUrl(local?.thumb, 'image/png');
  const src = localUrl ?? (signature && !local ? signatureUrl(signature.id) : null);
  return (
    <Group
      justify="space-between"
      align="flex-start"
      wrap="wrap"
      gap="xs"
      data-testid="field-signature"
      data-document={document}
    >
      <Stack gap={2} style={{ minWidth: 0, flex: '1 1 200px' }}>
        <Text fw={600} size="sm">
          {text.title}
        </Text>
        {signature ? (
          <>
            <Text size="sm">
              {signature.signerName} · {formatStampTime(signature.signedAt)}
            </Text>
            <Text size="xs" c="dimmed">
              {formatPosition(signature)}
            </Text>
            {onlyHere(local) && (
              <Badge size="xs" color="yellow" variant="filled" data-testid="only-on-phone">
                {FIELD_RECORD_TEXT.onlyOnThisPhone}
              </Badge>
            )}
          </>
        ) : (
          <Text size="sm" c="dimmed">
            {FIELD_RECORD_TEXT.notSigned} · {text.signer}
          </Text>
        )}
      </Stack>
      {signature ? (
        src && <img src={src} alt={`${text.title}: signature`} className={classes.signatureImage} />
      ) : (
        <Button
          size="sm"
          variant="light"
          leftSection={<IconSignature size={16} aria-hidden />}
          onClick={onSign}
        >
          {`${FIELD_RECORD_TEXT.sign}: ${text.title}`}
        </Button>
      )}
    </Group>
  );
}

/** A button that opens the camera or the gallery through its hidden file input. */
function PhotoPicker({
  icon: Icon,
  label,
  input,
  onFiles,
  ...button
}: Pick<ButtonProps, 'variant' | 'loading' | 'disabled'> & {
  icon: typeof IconPhoto;
  label: string;
  input: { capture?: 'environment'; multiple?: boolean; 'data-testid': string };
  onFiles: (event: ChangeEvent<HTMLInputElement>) => Promise<void>;
}) {
  return (
    <Button component="label" leftSection={<Icon size={18} aria-hidden />} {...button}>
      {label}
      <input
        type="file"
        accept="image/*"
        className={classes.hiddenInput}
        {...input}
        onChange={(event) => void onFiles(event)}
      />
    </Button>
  );
}

export function FieldRecordPanel({ jobId }: { jobId: string }) {
  const record = useFieldRecord(jobId);
  const online = useOnline();
  const [stage, setStage] = useState<PhotoStage>('pickup');
  const [saving, setSaving] = useState(0);
  const [viewing, setViewing] = useState<JobPhoto | null>(null);
  const [signing, setSigning] = useState<SignatureDocument | null>(null);
  const space = useDeviceSpace(record?.local.size);

  const onFiles = async (event: ChangeEvent<HTMLInputElement>) => {
    const files = Array.from(event.currentTarget.files ?? []);
    event.currentTarget.value = '';
    setSaving((count) => count + files.length);
    for (const file of files) {
      await capturePhoto(jobId, stage, file);
      setSaving((count) => count - 1);
    }
  };

  if (!record) return null;
  const groups = groupByStage(record.photos);
  const cornersTaken = record.photos.filter((photo) => photo.stage === stage).length;
  const waiting = [...record.local.values()].filter(onlyHere).length;

  return (
    <Stack gap="sm" data-testid="field-record">
      <Group justify="space-between" wrap="wrap" gap="xs">
        <Title order={4} size="h5">
          {FIELD_RECORD_TEXT.photos}
        </Title>
        {waiting > 0 && (
          <Badge color="yellow" variant="light" data-testid="field-record-waiting">
            {waiting} {FIELD_RECORD_TEXT.onlyOnThisPhone.toLowerCase()}
          </Badge>
        )}
      </Group>
      {/* The stages as a grid of toggles: two by two on a phone, where four segments in a row
          cut "Other" and "Drop-off". */}
      <SimpleGrid
        cols={{ base: 2, sm: 4 }}
        spacing={6}
        role="group"
        aria-label={FIELD_RECORD_TEXT.stage}
        data-testid="photo-stage"
      >
        {PHOTO_STAGES.map((value) => (
          <Button
            key={value}
            size="sm"
            variant={value === stage ? 'filled' : 'default'}
            color="ironstone.9"
            aria-pressed={value === stage}
            onClick={() => setStage(value)}
          >
            {PHOTO_STAGE_LABELS[value]}
          </Button>
        ))}
      </SimpleGrid>
      {isConditionStage(stage) && (
        <Text
          size="sm"
          data-testid="corners-taken"
          c={cornersTaken < CONDITION_PHOTO_CORNERS ? undefined : 'green.8'}
        >
          {FIELD_RECORD_TEXT.cornersTaken(
            PHOTO_STAGE_LABELS[stage],
            cornersTaken,
            CONDITION_PHOTO_CORNERS,
          )}
        </Text>
      )}
      <Group gap="xs" grow>
        <PhotoPicker
          icon={IconCamera}
          label={FIELD_RECORD_TEXT.takePhoto}
          loading={saving > 0}
          input={{ capture: 'environment', 'data-testid': 'photo-camera-input' }}
          onFiles={onFiles}
        />
        <PhotoPicker
          icon={IconPhoto}
          label={FIELD_RECORD_TEXT.fromGallery}
          variant="light"
          disabled={saving > 0}
          input={{ multiple: true, 'data-testid': 'photo-gallery-input' }}
          onFiles={onFiles}
        />
      </Group>
      {space?.used != null && space.free != null && (
        <Text size="xs" c="dimmed" data-testid="device-space">
          {FIELD_RECORD_TEXT.spaceUsed(megabytes(space.used), megabytes(space.free))}
        </Text>
      )}
      {groups.length === 0 ? (
        <Text size="sm" c="dimmed">
          {FIELD_RECORD_TEXT.noPhotos}
        </Text>
      ) : (
        groups.map((group) => (
          <Stack key={group.stage} gap={4} data-testid="photo-group" data-stage={group.stage}>
            <Text size="sm" fw={600}>
              {group.label} ({group.photos.length})
            </Text>
            <SimpleGrid cols={{ base: 2, sm: 4, lg: 6 }} spacing="xs">
              {group.photos.map((photo, index) => (
                <PhotoThumb
                  key={photo.id}
                  photo={photo}
                  local={record.local.get(photo.id)}
                  label={`${group.label} ${index + 1} of ${group.photos.length}`}
                  onOpen={() => setViewing(photo)}
                />
              ))}
            </SimpleGrid>
          </Stack>
        ))
      )}
      <Title order={4} size="h5" mt="xs">
        {FIELD_RECORD_TEXT.signatures}
      </Title>
      {SIGNATURE_DOCUMENTS.map((document) => {
        const signature = record.signatures.find((item) => item.document === document);
        return (
          <SignatureRow
            key={document}
            document={document}
            signature={signature}
            local={signature ? record.local.get(signature.id) : undefined}
            onSign={() => setSigning(document)}
          />
        );
      })}
      <Group gap="xs" wrap="wrap">
        <Button
          component="a"
          href={online ? jobSheetUrl(jobId) : undefined}
          download
          variant="default"
          size="sm"
          leftSection={<IconFileTypePdf size={16} aria-hidden />}
          data-disabled={online ? undefined : true}
          onClick={(event) => {
            if (!online) event.preventDefault();
          }}
        >
          {FIELD_RECORD_TEXT.jobSheet}
        </Button>
        {!online && (
          <Text size="xs" c="dimmed">
            {FIELD_RECORD_TEXT.jobSheetOffline}
          </Text>
        )}
      </Group>
      <PhotoViewer
        photo={viewing}
        local={viewing ? record.local.get(viewing.id) : undefined}
        onClose={() => setViewing(null)}
      />
      {signing && (
        <SignatureDialog jobId={jobId} document={signing} opened onClose={() => setSigning(null)} />
      )}
    </Stack>
  );
}
