/**
 * The Authority to Tow's fields as the Department's approved form asks for them: who authorised
 * the tow (the owner or driver; a police officer, with their rank, number and station; or Main
 * Roads staff), how to reach them, the vehicle, where it is towed from and to, and the charges or
 * their basis. Saved on the phone with one mutation; the signatures are taken apart.
 */
import { useState } from 'react';
import {
  Button,
  Group,
  Modal,
  Radio,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Textarea,
} from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import {
  ATT_AUTHORISERS,
  ATT_AUTHORISER_LABELS,
  type AttAuthoriser,
  type CrashTow,
} from '@pilbara/shared-schema';
import { saveCrashTow, type WriteProblem } from './crash-tow-actions';
import { CRASH_TOW_TEXT } from './crash-tow-text';
import classes from './crash-tow.module.css';

const FIELDS = [
  'authoriserName',
  'authoriserPhone',
  'authoriserEmail',
  'officerRank',
  'officerNumber',
  'officerStation',
  'mainRoadsId',
  'vehicleRegistration',
  'vehicleMake',
  'vehicleModel',
  'vehicleColour',
  'crashLocation',
  'destination',
  'charges',
  't1FormNumber',
] as const;
type TextField = (typeof FIELDS)[number];

export function AuthorityDialog({ tow, onClose }: { tow: CrashTow; onClose: () => void }) {
  const phone = useMediaQuery('(max-width: 47.99em)') ?? false;
  const [by, setBy] = useState<AttAuthoriser | null>(tow.authorisedBy);
  const [values, setValues] = useState<Record<TextField, string>>(
    () =>
      Object.fromEntries(FIELDS.map((field) => [field, tow[field] ?? ''])) as Record<
        TextField,
        string
      >,
  );
  const [problem, setProblem] = useState<WriteProblem>(null);
  const [saving, setSaving] = useState(false);

  const input = (field: TextField, label: string, extra: Record<string, unknown> = {}) => (
    <TextInput
      label={label}
      value={values[field]}
      error={problem?.fields[`patch.${field}`]}
      onChange={(event) => {
        const value = event.currentTarget.value;
        setValues((current) => ({ ...current, [field]: value }));
      }}
      {...extra}
    />
  );

  const save = async () => {
    setSaving(true);
    const result = await saveCrashTow(tow.jobId, { ...values, authorisedBy: by });
    setSaving(false);
    setProblem(result);
    if (!result) onClose();
  };

  return (
    <Modal opened onClose={onClose} title={CRASH_TOW_TEXT.authority} size="lg" fullScreen={phone}>
      <Stack gap="sm" data-testid="att-form">
        <Radio.Group
          label="Who authorised the tow"
          value={by ?? ''}
          onChange={(value) => setBy(value as AttAuthoriser)}
          withAsterisk
        >
          <Stack gap={6} mt={4}>
            {ATT_AUTHORISERS.map((kind) => (
              <Radio
                key={kind}
                value={kind}
                label={ATT_AUTHORISER_LABELS[kind]}
                classNames={{ label: classes.tapLabel }}
              />
            ))}
          </Stack>
        </Radio.Group>
        {input('authoriserName', 'Name of the person who authorised it', {
          withAsterisk: true,
          autoComplete: 'off',
        })}
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          {input('authoriserPhone', 'Their phone', { type: 'tel' })}
          {input('authoriserEmail', 'Their email', { type: 'email' })}
        </SimpleGrid>
        <Text size="xs" c="dimmed">
          Their copy of the form goes to this phone and email.
        </Text>
        {by === 'police' && (
          <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
            {input('officerRank', 'Rank', { withAsterisk: true })}
            {input('officerNumber', 'Registered number', { withAsterisk: true })}
            {input('officerStation', 'Station', { withAsterisk: true })}
          </SimpleGrid>
        )}
        {by === 'main_roads' &&
          input('mainRoadsId', 'Main Roads staff number or position', { withAsterisk: true })}
        <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="sm">
          {input('vehicleRegistration', 'Registration')}
          {input('vehicleMake', 'Make')}
          {input('vehicleModel', 'Model')}
          {input('vehicleColour', 'Colour')}
        </SimpleGrid>
        {input('crashLocation', 'Towed from (crash site)')}
        {input('destination', 'Towed to', { withAsterisk: true })}
        <Textarea
          label="Charges or their basis"
          withAsterisk
          autosize
          minRows={2}
          value={values.charges}
          error={problem?.fields['patch.charges']}
          onChange={(event) => {
            const value = event.currentTarget.value;
            setValues((current) => ({ ...current, charges: value }));
          }}
        />
        {input('t1FormNumber', 'Approved form (T1) number', {
          description: 'The serial number of the Department’s paper form, when one is used',
        })}
        {/* A refusal naming no input of this form (the vehicle recorded loaded on another phone
            meanwhile names the authoriser's choice) is said here, or the dialog would seem to
            ignore the tap. */}
        {problem && !FIELDS.some((name) => problem.fields[`patch.${name}`]) && (
          <Text size="sm" c="red" role="alert">
            {problem.message}
          </Text>
        )}
        <Group justify="flex-end" gap="xs">
          <Button variant="default" onClick={onClose}>
            {CRASH_TOW_TEXT.cancel}
          </Button>
          <Button onClick={() => void save()} loading={saving}>
            {CRASH_TOW_TEXT.save}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
