/**
 * A select for the public forms that loads Mantine's Select (its dropdown, positioning and
 * focus-trap code, about 30 KB brotli) when the visitor first reaches for it. Until then it is
 * a field that looks the same closed: label, the chosen option or placeholder, a chevron. A tap
 * or click opens the real select at once; keyboard focus swaps it in and keeps the focus, so
 * arrow keys and typing work as usual.
 *
 * In the page's HTML (before the script, or with none) it is the browser's own select, named as
 * the field, so the form works as a plain HTML form; a choice made there is carried into the form
 * once the script has hydrated it.
 */
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { Controller, type FieldValues } from 'react-hook-form';
import {
  Input,
  InputBase,
  NativeSelect,
  type ComboboxItem,
  type NativeSelectProps,
} from '@mantine/core';
import { useHydrated } from '../lib/hydration';
import { IconSelector } from '@tabler/icons-react';
import type { SelectField as SelectFieldComponent, SelectFieldProps } from './form-fields';

// lazy() drops the component's type parameters; the loaded component is the generic one.
const SelectField = lazy(() =>
  import('./form-fields').then((m) => ({ default: m.SelectField })),
) as unknown as typeof SelectFieldComponent;

type Option = string | ComboboxItem;

function labelOf(data: readonly Option[] | undefined, value: string): string {
  for (const option of data ?? []) {
    if (typeof option === 'string' ? option === value : option.value === value) {
      return typeof option === 'string' ? option : option.label;
    }
  }
  return value;
}

/** The browser's own select, as the page's HTML has it; its choice goes to the form once hydrated. */
function BrowserSelect({
  value,
  onChoice,
  ...props
}: Omit<NativeSelectProps, 'value' | 'defaultValue'> & {
  value: string;
  onChoice: (value: string) => void;
}) {
  const select = useRef<HTMLSelectElement>(null);
  useEffect(() => {
    // Hydration leaves a select as the person left it; the form learns that choice here.
    const chosen = select.current?.value;
    if (chosen && chosen !== value) onChoice(chosen);
    // Once, right after hydration: later choices are the real select's.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  return <NativeSelect ref={select} defaultValue={value} {...props} />;
}

export function LazySelectField<T extends FieldValues, D = T>(props: SelectFieldProps<T, D>) {
  const [active, setActive] = useState<'closed' | 'focus' | 'open'>('closed');
  const { control, name, label, placeholder, description, withAsterisk, data } = props;
  const hydrated = useHydrated();

  if (!hydrated) {
    return (
      <Controller
        control={control}
        name={name}
        render={({ field, fieldState }) => (
          <BrowserSelect
            name={field.name}
            value={(field.value as string | null | undefined) ?? ''}
            onChoice={field.onChange}
            label={label}
            description={description}
            withAsterisk={withAsterisk}
            error={fieldState.error?.message}
            data={[
              { value: '', label: placeholder ?? '', disabled: true },
              ...((data ?? []) as readonly Option[]).map((option) =>
                typeof option === 'string' ? { value: option, label: option } : option,
              ),
            ]}
          />
        )}
      />
    );
  }

  const facade = (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <InputBase
          component="button"
          type="button"
          pointer
          ref={field.ref}
          name={field.name}
          label={label}
          description={description}
          withAsterisk={withAsterisk}
          error={fieldState.error?.message}
          rightSection={<IconSelector size={16} aria-hidden />}
          rightSectionPointerEvents="none"
          aria-haspopup="listbox"
          onPointerDown={(event) => {
            event.preventDefault();
            setActive('open');
          }}
          onClick={() => setActive('open')}
          onFocus={() => setActive((now) => (now === 'closed' ? 'focus' : now))}
        >
          {field.value ? (
            // One line, cut with an ellipsis, as the real select's input shows it.
            <span
              style={{
                display: 'block',
                overflow: 'hidden',
                whiteSpace: 'nowrap',
                textOverflow: 'ellipsis',
              }}
            >
              {labelOf(data as readonly Option[] | undefined, field.value as string)}
            </span>
          ) : (
            <Input.Placeholder>{placeholder}</Input.Placeholder>
          )}
        </InputBase>
      )}
    />
  );

  if (active === 'closed') return facade;
  return (
    <Suspense fallback={facade}>
      <SelectField {...props} autoFocus defaultDropdownOpened={active === 'open'} />
    </Suspense>
  );
}
