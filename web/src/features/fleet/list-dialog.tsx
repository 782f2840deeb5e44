/** Tick-box editors of a vehicle's modifications (catalogue grouped) and special features. */
import { useState } from 'react';
import { Button, Checkbox, Group, Modal, Stack, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { MODIFICATIONS_CATALOGUE, SPECIAL_FEATURES, type Vehicle } from '@pilbara/shared-schema';
import { updateVehicleList } from './fleet-actions';
import { FLEET_TEXT } from './fleet-text';

export type ListField = 'modifications' | 'specialFeatures';

function groupsFor(field: ListField, current: readonly string[]) {
  const groups =
    field === 'modifications'
      ? MODIFICATIONS_CATALOGUE.map((group) => ({
          category: group.category,
          items: [...group.items],
        }))
      : [{ category: FLEET_TEXT.specialFeatures, items: [...SPECIAL_FEATURES] }];
  // Values stored before the catalogue changed stay visible so unticking them is possible.
  const known = new Set(groups.flatMap((group) => group.items));
  const other = current.filter((value) => !known.has(value));
  return other.length > 0 ? [...groups, { category: 'Other', items: other }] : groups;
}

export function ListDialog({
  vehicle,
  field,
  onClose,
}: {
  vehicle: Vehicle;
  field: ListField;
  onClose: () => void;
}) {
  const phone = useMediaQuery('(max-width: 36em)') ?? false;
  const current = vehicle[field];
  const [ticked, setTicked] = useState<string[]>(current);
  const [saving, setSaving] = useState(false);
  const title = field === 'modifications' ? FLEET_TEXT.editModifications : FLEET_TEXT.editFeatures;
  const save = async () => {
    setSaving(true);
    const done = await updateVehicleList(vehicle.id, field, ticked);
    setSaving(false);
    if (done) onClose();
  };
  return (
    <Modal
      opened
      onClose={onClose}
      title={`${title} · ${vehicle.name || vehicle.registration}`}
      size="lg"
      fullScreen={phone}
    >
      <Stack gap="md">
        {groupsFor(field, current).map((group) => (
          <Checkbox.Group
            key={group.category}
            label={group.category}
            value={ticked.filter((value) => group.items.includes(value))}
            onChange={(values) =>
              setTicked((all) => [
                ...all.filter((value) => !group.items.includes(value)),
                ...values,
              ])
            }
          >
            <Stack gap={6} mt={6}>
              {group.items.map((item) => (
                <Checkbox key={item} value={item} label={item} />
              ))}
            </Stack>
          </Checkbox.Group>
        ))}
        <Group justify="space-between" gap="sm">
          <Text size="sm" c="dimmed">
            {ticked.length} selected
          </Text>
          <Group gap="sm">
            <Button variant="default" onClick={onClose}>
              {FLEET_TEXT.cancel}
            </Button>
            <Button onClick={() => void save()} loading={saving}>
              {FLEET_TEXT.save}
            </Button>
          </Group>
        </Group>
      </Stack>
    </Modal>
  );
}
