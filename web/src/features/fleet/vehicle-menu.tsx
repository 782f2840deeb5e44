/** A fleet vehicle's "More" menu: the actions used less often than fuel and service. */
import { Button, Menu } from '@mantine/core';
import {
  IconDots,
  IconListCheck,
  IconReceipt,
  IconRoute,
  IconStar,
  IconTimeline,
  IconTrash,
} from '@tabler/icons-react';
import { PRESTART_TEXT, type Vehicle } from '@pilbara/shared-schema';
import { FLEET_TEXT } from './fleet-text';

export type VehicleAction =
  | 'prestart'
  | 'timeline'
  | 'fuel'
  | 'service'
  | 'mileage'
  | 'expense'
  | 'modifications'
  | 'specialFeatures'
  | 'remove';

export function VehicleMenu({
  vehicle,
  onAction,
}: {
  vehicle: Vehicle;
  onAction: (action: VehicleAction, vehicle: Vehicle) => void;
}) {
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <Button variant="default" size="sm" leftSection={<IconDots size={16} aria-hidden />}>
          More
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Item
          leftSection={<IconTimeline size={16} aria-hidden />}
          onClick={() => onAction('timeline', vehicle)}
        >
          {PRESTART_TEXT.timeline}
        </Menu.Item>
        <Menu.Item
          leftSection={<IconRoute size={16} aria-hidden />}
          onClick={() => onAction('mileage', vehicle)}
        >
          {FLEET_TEXT.addMileage}
        </Menu.Item>
        <Menu.Item
          leftSection={<IconReceipt size={16} aria-hidden />}
          onClick={() => onAction('expense', vehicle)}
        >
          {FLEET_TEXT.addExpense}
        </Menu.Item>
        <Menu.Item
          leftSection={<IconListCheck size={16} aria-hidden />}
          onClick={() => onAction('modifications', vehicle)}
        >
          {FLEET_TEXT.editModifications}
        </Menu.Item>
        <Menu.Item
          leftSection={<IconStar size={16} aria-hidden />}
          onClick={() => onAction('specialFeatures', vehicle)}
        >
          {FLEET_TEXT.editFeatures}
        </Menu.Item>
        <Menu.Divider />
        <Menu.Item
          color="red"
          leftSection={<IconTrash size={16} aria-hidden />}
          onClick={() => onAction('remove', vehicle)}
        >
          {FLEET_TEXT.remove}
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
