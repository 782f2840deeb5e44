/**
 * Defects on the fleet screen: the fleet-wide list of open defects, the defects of one
 * vehicle card, and the dialog that resolves one — by a service record of the vehicle (linking
 * them) or marked fixed with a note.
 */
import { useState } from 'react';
import { useLiveQuery } from 'dexie-react-hooks';
import {
  Anchor,
  Badge,
  Button,
  Image,
  Group,
  Modal,
  Paper,
  Select,
  Stack,
  Text,
  Textarea,
  Title,
} from '@mantine/core';
import {
  PRESTART_TEXT,
  defectPhotoUrl,
  sortOpenDefects,
  type DefectPhoto,
  type DefectSeverity,
  type ServiceRecord,
  type Vehicle,
  type VehicleDefect,
  formatDate,
  formatDateTime,
} from '@pilbara/shared-schema';
import { useObjectUrl } from '../../lib/use-object-url';
import { db } from '../../sync';
import { defectFileId, resolveDefect } from './prestart-actions';

const SEVERITY_COLOURS: Record<DefectSeverity, string> = {
  critical: 'red',
  major: 'orange',
  minor: 'yellow',
};

function SeverityBadge({ severity }: { severity: DefectSeverity }) {
  return (
    <Badge
      color={SEVERITY_COLOURS[severity]}
      variant="filled"
      autoContrast
      data-testid="defect-severity"
    >
      {severity}
    </Badge>
  );
}

/**
 * One photo of a failed item: this phone's own copy while it has one (taken here, perhaps not
 * uploaded yet), else the server's thumbnail, opening the larger picture. With no signal and no
 * copy here, the image's alt text says what it is.
 */
function DefectPhotoThumb({ defect, photo }: { defect: VehicleDefect; photo: DefectPhoto }) {
  // null: no copy on this phone; undefined: still looking.
  const local = useLiveQuery(
    async () => (await db.fieldFiles.get(defectFileId(defect.id, photo.contentHash))) ?? null,
    [defect.id, photo.contentHash],
  );
  const localUrl = useObjectUrl(local?.thumb, 'image/jpeg');
  if (local === undefined || (local !== null && localUrl === null)) return null;
  const src = localUrl ?? defectPhotoUrl(defect.id, photo.contentHash, 'thumb');
  return (
    <Anchor
      href={defectPhotoUrl(defect.id, photo.contentHash, 'medium')}
      target="_blank"
      rel="noopener noreferrer"
      aria-label={`Photo of ${defect.title}, larger`}
    >
      <Image
        src={src}
        alt={`Photo of ${defect.title}`}
        w={72}
        h={72}
        radius="sm"
        fit="cover"
        data-testid="defect-photo-thumb"
      />
    </Anchor>
  );
}

/**
 * One open defect: severity, what, the driver's note and photos, when and by whom; a Resolve
 * button for an admin (a driver's list is read-only: without `onResolve` there is none).
 */
export function DefectRow({
  defect,
  vehicleName,
  onResolve,
}: {
  defect: VehicleDefect;
  vehicleName?: string;
  onResolve?: (defect: VehicleDefect) => void;
}) {
  return (
    <Paper
      withBorder
      p="xs"
      radius="sm"
      data-testid="defect"
      data-defect-id={defect.id}
      data-severity={defect.severity}
    >
      <Group justify="space-between" wrap="nowrap" align="flex-start" gap="xs">
        <Stack gap={2} style={{ minWidth: 0 }}>
          <Group gap={6} wrap="wrap">
            <SeverityBadge severity={defect.severity} />
            <Text size="sm" fw={600}>
              {vehicleName ? `${vehicleName}: ` : ''}
              {defect.title}
            </Text>
          </Group>
          <Text size="sm">{defect.note}</Text>
          <Text size="xs" c="dimmed">
            {formatDateTime(defect.raisedAt)} · {defect.raisedByName}
          </Text>
          {defect.photos.length > 0 && (
            <Group gap={6} mt={4} data-testid="defect-photos">
              {defect.photos.map((photo) => (
                <DefectPhotoThumb key={photo.contentHash} defect={defect} photo={photo} />
              ))}
            </Group>
          )}
        </Stack>
        {onResolve && (
          <Button
            size="sm"
            variant="light"
            style={{ flexShrink: 0 }}
            onClick={() => onResolve(defect)}
          >
            {PRESTART_TEXT.resolveDefect}
          </Button>
        )}
      </Group>
    </Paper>
  );
}

/** Every open defect of the fleet, most severe first. */
export function OpenDefectsList({
  defects,
  vehicles,
  onResolve,
}: {
  defects: readonly VehicleDefect[];
  vehicles: readonly Vehicle[];
  onResolve: (defect: VehicleDefect) => void;
}) {
  const open = sortOpenDefects(defects);
  const names = new Map(
    vehicles.map((vehicle) => [vehicle.id, vehicle.name || vehicle.registration]),
  );
  return (
    <Stack gap="xs" data-testid="open-defects">
      <Title order={2} size="h4">
        {PRESTART_TEXT.openDefects} ({open.length})
      </Title>
      {open.length === 0 ? (
        <Text size="sm" c="dimmed">
          {PRESTART_TEXT.noOpenDefects}
        </Text>
      ) : (
        open.map((defect) => (
          <DefectRow
            key={defect.id}
            defect={defect}
            vehicleName={names.get(defect.vehicleId)}
            onResolve={onResolve}
          />
        ))
      )}
    </Stack>
  );
}

/** Resolves one defect: by one of the vehicle's service records, or fixed with a note. */
export function ResolveDefectDialog({
  defect,
  services,
  onClose,
  onNewService,
}: {
  defect: VehicleDefect;
  services: readonly ServiceRecord[];
  onClose: () => void;
  /** Opens the service form with this defect ticked: the record and the fix in one step. */
  onNewService?: (defect: VehicleDefect) => void;
}) {
  const own = services
    .filter((service) => service.vehicleId === defect.vehicleId)
    .sort((a, b) => b.createdAt.localeCompare(a.createdAt));
  const [how, setHow] = useState<'service' | 'fixed'>(own.length > 0 ? 'service' : 'fixed');
  const [serviceId, setServiceId] = useState<string | null>(own[0] ? String(own[0].id) : null);
  const [note, setNote] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  const save = async () => {
    if (how === 'fixed' && !note.trim()) return setError(PRESTART_TEXT.fixedNoteRequired);
    if (how === 'service' && !serviceId) return setError('Pick the service record');
    setSaving(true);
    const done = await resolveDefect(
      defect,
      how === 'fixed'
        ? { resolution: 'fixed', note }
        : { resolution: 'service', serviceRecordId: Number(serviceId) },
    );
    setSaving(false);
    if (done) onClose();
  };

  return (
    <Modal opened onClose={onClose} title={`${PRESTART_TEXT.resolveDefect}: ${defect.title}`}>
      <Stack gap="sm">
        <Text size="sm">{defect.note}</Text>
        <Select
          label="How was it resolved"
          data={[
            { value: 'service', label: PRESTART_TEXT.resolveByService, disabled: own.length === 0 },
            { value: 'fixed', label: PRESTART_TEXT.markFixed },
          ]}
          value={how}
          allowDeselect={false}
          onChange={(value) => {
            setHow(value === 'service' ? 'service' : 'fixed');
            setError(null);
          }}
        />
        {how === 'service' ? (
          <Select
            label="Service record"
            data={own.map((service) => ({
              value: String(service.id),
              label: `${formatDate(service.invoiceDate)} · ${service.serviceType} · ${service.servicedBy}`,
            }))}
            value={serviceId}
            onChange={setServiceId}
            error={error}
          />
        ) : (
          <Textarea
            label="What was done"
            autosize
            minRows={2}
            value={note}
            error={error}
            onChange={(event) => {
              setNote(event.currentTarget.value);
              setError(null);
            }}
          />
        )}
        {onNewService && (
          <Button variant="subtle" onClick={() => onNewService(defect)}>
            {PRESTART_TEXT.newServiceForDefect}
          </Button>
        )}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button loading={saving} onClick={() => void save()}>
            {PRESTART_TEXT.resolveDefect}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
