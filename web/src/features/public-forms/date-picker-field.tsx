/**
 * The booking's date picker (@mantine/dates, with its stylesheet). Days before today (Perth) are
 * disabled and drawn as such. The calendar opens as a centred dialog on every screen: it fits a
 * 390 px phone, and on a wide screen a popover next to a field low on the page would open upwards
 * under the sticky header. Loaded on first use by
 * preferred-date-input.tsx, which opens it (`openOnMount`).
 */
import '@mantine/dates/styles.css';
import { DatePickerInput } from '@mantine/dates';
import { IconCalendar } from '@tabler/icons-react';
import { todayInPerth } from '@pilbara/shared-schema';
import { useEffect, useRef } from 'react';

export interface DateFieldProps {
  value: string;
  onChange: (value: string) => void;
  onBlur: () => void;
  name: string;
  error: string | undefined;
  required: boolean;
}

export function DatePickerField({
  value,
  onChange,
  onBlur,
  name,
  error,
  required,
  openOnMount,
}: DateFieldProps & { openOnMount: boolean }) {
  const button = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (!openOnMount) return;
    button.current?.focus();
    button.current?.click();
  }, [openOnMount]);
  return (
    <DatePickerInput
      label="Preferred Date"
      placeholder={required ? 'Pick a date' : 'Today, as soon as possible'}
      description={required ? undefined : 'Optional for an emergency'}
      withAsterisk={required}
      clearable={!required}
      leftSection={<IconCalendar size={18} aria-hidden />}
      minDate={todayInPerth()}
      valueFormat="ddd D MMM YYYY"
      value={value || null}
      onChange={(next) => onChange(next ?? '')}
      onBlur={onBlur}
      ref={button}
      name={name}
      error={error}
      firstDayOfWeek={1}
      dropdownType="modal"
      modalProps={{ centered: true, size: 'auto', title: 'Preferred date' }}
      ariaLabels={{ nextMonth: 'Next month', previousMonth: 'Previous month' }}
    />
  );
}
