import { forwardRef, useImperativeHandle, useRef } from 'react';
import { useForm } from 'react-hook-form';
import { Button, Group, TextInput } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { MESSAGES } from '@pilbara/shared-schema';

export interface PortalSearchFormHandle {
  focus(): void;
  setQuery(query: string): void;
}

/**
 * The portal's search: a job ID or booking reference (spec: 'Job ID or Name'; a name alone finds
 * nothing since DESIGN §11, so the label asks for the id). An empty query shows 'Enter Job ID or
 * Name'. Checked without zod, which the portal's first load does without.
 */
export const PortalSearchForm = forwardRef<
  PortalSearchFormHandle,
  { onSearch: (query: string) => void; busy: boolean }
>(function PortalSearchForm({ onSearch, busy }, ref) {
  const form = useForm<{ query: string }>({ defaultValues: { query: '' } });
  const input = useRef<HTMLInputElement | null>(null);
  const { ref: registerRef, ...field } = form.register('query', {
    validate: (value) => value.trim().length > 0 || MESSAGES.PORTAL_SEARCH_EMPTY,
  });
  useImperativeHandle(ref, () => ({
    focus: () => input.current?.focus(),
    setQuery: (query) => form.setValue('query', query),
  }));

  return (
    <form
      onSubmit={form.handleSubmit((values) => onSearch(values.query.trim()))}
      noValidate
      role="search"
      aria-label="Track your job"
    >
      <Group align="flex-start" gap="sm" wrap="wrap">
        <TextInput
          label="Job ID or booking number"
          placeholder="e.g. JOB-2026-123"
          style={{ flex: '1 1 240px' }}
          {...field}
          ref={(element) => {
            registerRef(element);
            input.current = element;
          }}
          error={form.formState.errors.query?.message}
        />
        <Button
          type="submit"
          size="md"
          mt={{ base: 0, xs: 27 }}
          mih={44}
          loading={busy}
          leftSection={<IconSearch size={18} />}
        >
          Track Job
        </Button>
      </Group>
    </form>
  );
});

/** The phone proof asked after a typed id: the last 4 digits of the phone booked with. */
export function PhoneProofForm({
  id,
  onSubmit,
  busy,
}: {
  id: string;
  onSubmit: (digits: string) => void;
  busy: boolean;
}) {
  const form = useForm<{ digits: string }>({ defaultValues: { digits: '' } });
  return (
    <form
      onSubmit={form.handleSubmit((values) => onSubmit(values.digits.trim()))}
      noValidate
      aria-label="Confirm your phone number"
      data-testid="phone-proof"
    >
      <Group align="flex-start" gap="sm" wrap="wrap">
        <TextInput
          label={`Last 4 digits of the phone you booked ${id.toUpperCase()} with`}
          description="So only you can see your job."
          inputMode="numeric"
          autoComplete="off"
          maxLength={4}
          autoFocus
          style={{ flex: '1 1 240px' }}
          {...form.register('digits', {
            validate: (value) =>
              /^\d{4}$/.test(value.trim()) || 'Enter the last 4 digits of your phone number',
          })}
          error={form.formState.errors.digits?.message}
        />
        <Button type="submit" size="md" mt={{ base: 0, xs: 50 }} mih={44} loading={busy}>
          Show my job
        </Button>
      </Group>
    </form>
  );
}
