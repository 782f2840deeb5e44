/**
 * The booking's Preferred Date. The page first draws a field that looks exactly like the date
 * picker's closed input; the picker itself (@mantine/dates, dayjs, its dialog and stylesheet,
 * about 23 KB brotli) loads when the customer first opens it, and opens at once. Most of the
 * booking page's first load is then what every visitor needs.
 *
 * In the page's HTML (before the script, or with none) it is the browser's own date field, so
 * the form works as a plain HTML form; a date picked there is carried into the form once the
 * script has hydrated it.
 */
import { lazy, Suspense, useEffect, useRef, useState, type Ref } from 'react';
import { Input, InputBase, TextInput } from '@mantine/core';
import { useHydrated } from '../../lib/hydration';
import { IconCalendar } from '@tabler/icons-react';
import type { DateFieldProps } from './date-picker-field';

const DatePickerField = lazy(() =>
  import('./date-picker-field').then((m) => ({ default: m.DatePickerField })),
);

function shownDate(value: string): string {
  if (!value) return '';
  const date = new Date(`${value}T00:00:00`);
  return date.toLocaleDateString('en-AU', {
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    year: 'numeric',
  });
}

function DateFacade({
  value,
  name,
  error,
  required,
  onOpen,
  inputRef,
}: DateFieldProps & { onOpen: () => void; inputRef?: Ref<HTMLButtonElement> | undefined }) {
  return (
    <InputBase
      ref={inputRef}
      component="button"
      type="button"
      pointer
      label="Preferred Date"
      description={required ? undefined : 'Optional for an emergency'}
      withAsterisk={required}
      leftSection={<IconCalendar size={18} aria-hidden />}
      error={error}
      name={name}
      aria-haspopup="dialog"
      onClick={onOpen}
      // The picker's code starts loading as soon as a finger or pointer is on the way.
      onPointerDown={() => void import('./date-picker-field')}
    >
      {value ? (
        shownDate(value)
      ) : (
        <Input.Placeholder>
          {required ? 'Pick a date' : 'Today, as soon as possible'}
        </Input.Placeholder>
      )}
    </InputBase>
  );
}

function BrowserDate({ value, name, error, required, onChange }: DateFieldProps) {
  const input = useRef<HTMLInputElement>(null);
  useEffect(() => {
    // Hydration leaves the field as the person left it; the form learns that date here.
    const picked = input.current?.value;
    if (picked && picked !== value) onChange(picked);
    // Once, right after hydration: later dates come from the picker.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  return (
    <TextInput
      ref={input}
      type="date"
      name={name}
      label="Preferred Date"
      description={required ? undefined : 'Optional for an emergency'}
      withAsterisk={required}
      leftSection={<IconCalendar size={18} aria-hidden />}
      error={error}
      defaultValue={value}
    />
  );
}

export function PreferredDateInput({
  inputRef,
  ...props
}: DateFieldProps & { inputRef?: Ref<HTMLButtonElement> }) {
  const [open, setOpen] = useState(false);
  const hydrated = useHydrated();
  if (!hydrated) return <BrowserDate {...props} />;
  const facade = <DateFacade {...props} inputRef={inputRef} onOpen={() => setOpen(true)} />;
  if (!open) return facade;
  return (
    <Suspense fallback={facade}>
      <DatePickerField {...props} openOnMount />
    </Suspense>
  );
}
