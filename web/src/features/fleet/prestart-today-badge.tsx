/** Whether the truck has had today's pre-start check: on the fleet card and the driver's list. */
import { Badge } from '@mantine/core';
import { PRESTART_TEXT } from '@pilbara/shared-schema';

export function PrestartTodayBadge({ checked }: { checked: boolean }) {
  return (
    <Badge
      color={checked ? 'green' : 'gray'}
      variant={checked ? 'light' : 'outline'}
      data-testid="prestart-today"
      data-checked={checked}
    >
      {checked ? PRESTART_TEXT.checkedToday : PRESTART_TEXT.noCheckToday}
    </Badge>
  );
}
