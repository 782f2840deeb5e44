import { useState, type FormEvent } from 'react';
import { Button, Group, TextInput } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';

/**
 * Phone-or-job-ID input used by the dashboard (and the feedback page). Enter submits; an empty
 * input does nothing (spec §5 "Dashboard lookup: does nothing if the input is empty").
 */
export function CustomerLookupForm({
  onLookup,
  busy = false,
  buttonLabel = 'Access Dashboard',
  label = 'Phone number or Job ID',
}: {
  onLookup: (lookup: string) => void;
  busy?: boolean;
  buttonLabel?: string;
  label?: string;
}) {
  const [value, setValue] = useState('');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const lookup = value.trim();
    if (lookup) onLookup(lookup);
  };
  return (
    <form onSubmit={submit} noValidate>
      <Group align="flex-end" gap="sm" wrap="wrap">
        <TextInput
          label={label}
          placeholder="e.g. 0412 345 678 or JOB-2026-123"
          value={value}
          onChange={(event) => setValue(event.currentTarget.value)}
          style={{ flex: '1 1 220px' }}
          size="md"
          autoComplete="tel"
        />
        <Button
          type="submit"
          size="md"
          mih={42}
          loading={busy}
          leftSection={<IconSearch size={18} />}
          style={{ flex: '0 0 auto' }}
        >
          {buttonLabel}
        </Button>
      </Group>
    </form>
  );
}
