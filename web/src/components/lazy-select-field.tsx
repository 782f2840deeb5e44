/**
 * A select for the public forms that loads Mantine's Select (its dropdown, positioning and
 * focus-trap code, about 30 KB brotli) when the visitor first reaches for it. Until then it is
 * a field that looks the same closed: label, the chosen option or placeholder, a chevron. A tap
 * or click opens the real select at once; keyboard focus swaps it in and keeps the focus, so
 * arrow keys and typing work as usual.
 */
import { lazy, Suspense, useState } from 'react';
import { Controller, type FieldValues } from 'react-hook-form';
import { Input, InputBase, type ComboboxItem } from '@mantine/core';
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

export function LazySelectField<T extends FieldValues, D = T>(props: SelectFieldProps<T, D>) {
  const [active, setActive] = useState<'closed' | 'focus' | 'open'>('closed');
  const { control, name, label, placeholder, description, withAsterisk, data } = props;

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
