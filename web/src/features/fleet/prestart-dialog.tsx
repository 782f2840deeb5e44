/**
 * The daily pre-start check of one vehicle, phone first: each item of the vehicle's
 * checklist with big Pass / Fail / N/A toggles, "All pass" for the rest, a failed item's note,
 * severity and photos, the odometer, and one submit. It writes locally and queues the mutation,
 * so it works with no signal; the time, the person and (when the phone gives it) the position
 * are stamped on the check.
 */
import { useState } from 'react';
import {
  Alert,
  Button,
  FileButton,
  Group,
  Image,
  Modal,
  NumberInput,
  Paper,
  SegmentedControl,
  Stack,
  Text,
  Textarea,
} from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconCamera, IconChecks } from '@tabler/icons-react';
import {
  DEFECT_SEVERITIES,
  PRESTART_TEXT,
  checklistFor,
  type CheckResult,
  type DefectSeverity,
  type Vehicle,
} from '@pilbara/shared-schema';
import { compressPhoto, currentPosition, sha256Hex } from '../../lib/field-capture';
import { submitPrestart, type ItemAnswerForm } from './prestart-actions';

const RESULT_OPTIONS = [
  { value: 'pass', label: PRESTART_TEXT.pass },
  { value: 'fail', label: PRESTART_TEXT.fail },
  { value: 'na', label: PRESTART_TEXT.na },
];
const RESULT_COLOURS: Record<CheckResult, string> = { pass: 'green', fail: 'red', na: 'gray' };

interface PhotoPreview {
  url: string;
  hash: string;
}

export function PrestartDialog({
  vehicle,
  checkedByName,
  onClose,
}: {
  vehicle: Vehicle;
  checkedByName: string;
  onClose: () => void;
}) {
  const phone = useMediaQuery('(max-width: 36em)');
  const checklist = checklistFor(vehicle.type);
  const [answers, setAnswers] = useState<ItemAnswerForm[]>(() =>
    checklist.map((item) => ({
      key: item.key,
      result: null,
      severity: item.severity,
      note: '',
      photos: [],
    })),
  );
  const [previews, setPreviews] = useState<Record<string, PhotoPreview[]>>({});
  const [odometer, setOdometer] = useState<number | string>(vehicle.mileage);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [saving, setSaving] = useState(false);
  // Asked for once when the form opens, so the submit does not wait on the GPS.
  const [position] = useState(() => currentPosition());

  const change = (key: string, patch: Partial<ItemAnswerForm>) => {
    setAnswers((current) =>
      current.map((answer) => (answer.key === key ? { ...answer, ...patch } : answer)),
    );
    setErrors((current) => {
      const { [key]: _gone, items: _items, ...rest } = current;
      return rest;
    });
  };

  const allPass = () =>
    setAnswers((current) =>
      current.map((answer) => (answer.result === null ? { ...answer, result: 'pass' } : answer)),
    );

  const addPhoto = async (key: string, file: File | null) => {
    if (!file) return;
    const photo = await compressPhoto(file);
    const hash = await sha256Hex(photo.full);
    const answer = answers.find((entry) => entry.key === key);
    if (!answer) return;
    change(key, {
      photos: [
        ...answer.photos,
        {
          contentHash: hash,
          size: photo.full.byteLength,
          width: photo.width,
          height: photo.height,
          mimeType: 'image/jpeg',
          full: photo.full,
          thumb: photo.thumb,
        },
      ],
    });
    const url = URL.createObjectURL(new Blob([photo.thumb], { type: 'image/jpeg' }));
    setPreviews((current) => ({ ...current, [key]: [...(current[key] ?? []), { url, hash }] }));
  };

  const submit = async () => {
    const found: Record<string, string> = {};
    for (const answer of answers) {
      if (answer.result === 'fail' && !answer.note.trim())
        found[answer.key] = PRESTART_TEXT.failNoteRequired;
    }
    if (answers.some((answer) => answer.result === null))
      found.items = PRESTART_TEXT.answerEveryItem;
    const reading = typeof odometer === 'number' ? odometer : Number.NaN;
    if (!Number.isInteger(reading) || reading < 0) found.odometer = 'Enter the odometer reading';
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    setSaving(true);
    const saved = await submitPrestart({
      vehicleId: vehicle.id,
      checkedByName,
      odometer: reading,
      answers,
      position: await position,
    });
    setSaving(false);
    if (saved) onClose();
  };

  const failed = answers.filter((answer) => answer.result === 'fail').length;
  const unanswered = answers.filter((answer) => answer.result === null).length;

  return (
    <Modal
      opened
      onClose={onClose}
      fullScreen={phone}
      title={`${PRESTART_TEXT.title} · ${vehicle.name || vehicle.registration}`}
    >
      <form
        aria-label={PRESTART_TEXT.title}
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
      >
        <Stack gap="sm">
          <Group justify="space-between" gap="xs">
            <Text size="sm" c="dimmed" data-testid="prestart-progress">
              {unanswered === 0 ? 'All answered' : `${unanswered} to answer`}
              {failed > 0 ? ` · ${failed} failed` : ''}
            </Text>
            <Button
              variant="light"
              color="green"
              size="md"
              leftSection={<IconChecks size={18} aria-hidden />}
              onClick={allPass}
            >
              {PRESTART_TEXT.allPass}
            </Button>
          </Group>
          {checklist.map((item) => {
            const answer = answers.find((entry) => entry.key === item.key);
            if (!answer) return null;
            return (
              <Paper
                key={item.key}
                withBorder
                p="xs"
                radius="md"
                data-testid="prestart-item"
                data-item={item.key}
                data-result={answer.result ?? ''}
              >
                <Stack gap={6}>
                  <Text fw={600} size="sm" id={`item-${item.key}`}>
                    {item.label}
                  </Text>
                  <SegmentedControl
                    fullWidth
                    size="md"
                    aria-labelledby={`item-${item.key}`}
                    data={RESULT_OPTIONS}
                    value={answer.result ?? ''}
                    color={answer.result ? RESULT_COLOURS[answer.result] : undefined}
                    onChange={(value) => change(item.key, { result: value as CheckResult })}
                  />
                  {answer.result === 'fail' && (
                    <Stack gap={6}>
                      <Textarea
                        label="What is wrong"
                        autosize
                        minRows={2}
                        value={answer.note}
                        error={errors[item.key]}
                        onChange={(event) => change(item.key, { note: event.currentTarget.value })}
                      />
                      <Text size="xs" c="dimmed">
                        Severity
                      </Text>
                      <SegmentedControl
                        fullWidth
                        size="sm"
                        aria-label={`Severity of ${item.label}`}
                        data={DEFECT_SEVERITIES.map((value) => ({
                          value,
                          label: value[0]?.toUpperCase() + value.slice(1),
                        }))}
                        value={answer.severity}
                        color={answer.severity === 'critical' ? 'red' : 'orange'}
                        onChange={(value) =>
                          change(item.key, { severity: value as DefectSeverity })
                        }
                      />
                      <Group gap="xs">
                        <FileButton
                          accept="image/*"
                          capture="environment"
                          onChange={(file) => void addPhoto(item.key, file)}
                        >
                          {(props) => (
                            <Button
                              {...props}
                              variant="default"
                              size="sm"
                              leftSection={<IconCamera size={16} aria-hidden />}
                            >
                              Add photo
                            </Button>
                          )}
                        </FileButton>
                        {(previews[item.key] ?? []).map((preview) => (
                          <Image
                            key={preview.hash}
                            src={preview.url}
                            alt={`Photo of ${item.label}`}
                            w={56}
                            h={56}
                            radius="sm"
                            data-testid="defect-photo"
                          />
                        ))}
                      </Group>
                    </Stack>
                  )}
                </Stack>
              </Paper>
            );
          })}
          <NumberInput
            label={PRESTART_TEXT.odometer}
            size="md"
            inputMode="numeric"
            allowDecimal={false}
            allowNegative={false}
            thousandSeparator=","
            value={odometer}
            error={errors.odometer}
            onChange={setOdometer}
          />
          {errors.items && (
            <Alert color="red" variant="light" data-testid="prestart-error">
              {errors.items}
            </Alert>
          )}
          <Button type="submit" size="lg" loading={saving} fullWidth>
            {PRESTART_TEXT.submit}
          </Button>
        </Stack>
      </form>
    </Modal>
  );
}
