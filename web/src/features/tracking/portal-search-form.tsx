import { forwardRef, useImperativeHandle, useRef } from 'react';
import { useForm } from 'react-hook-form';
import { Group, TextInput } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { isBookingIdLookup, isJobIdLookup, type PortalSearch } from '@pilbara/shared-schema';
import { SubmitButton } from '../../components/submit-button';
import { useHydrated } from '../../lib/hydration';
import { lazyResolver } from '../../lib/lazy-resolver';
import type { PortalSearchInput } from './portal-search-resolver';

const resolver = lazyResolver(() =>
  import('./portal-search-resolver').then((m) => m.portalSearchResolver()),
);

export interface PortalSearchFormHandle {
  focus(): void;
  setQuery(query: string): void;
}

/**
 * Job ID search of the customer portal; an empty query shows 'Enter Job ID or Name'. A job ID (or
 * booking reference) asks for the last four digits of the phone it was booked with, and nothing
 * is sent until they are given (docs/security.md: an id alone shows nothing).
 *
 * It works before its script, or with none: it posts `query` and `phone` and the server opens
 * what it finds on its tracking link, or answers with the form again and its message
 * (docs/no-script-forms.md). Until the script runs it cannot tell a job ID from a name, so the
 * digits field is always there, saying when it is needed.
 */
export const PortalSearchForm = forwardRef<
  PortalSearchFormHandle,
  { onSearch: (values: PortalSearch) => void; busy: boolean }
>(function PortalSearchForm({ onSearch, busy }, ref) {
  const form = useForm<PortalSearchInput, unknown, PortalSearch>({
    resolver,
    defaultValues: { query: '', phone: '' },
  });
  const input = useRef<HTMLInputElement | null>(null);
  const phoneInput = useRef<HTMLInputElement | null>(null);
  const { ref: registerRef, ...field } = form.register('query');
  const { ref: registerPhoneRef, ...phoneField } = form.register('phone', {
    setValueAs: (value: string) => (value.trim() === '' ? undefined : value.trim()),
  });
  useImperativeHandle(ref, () => ({
    focus: () => input.current?.focus(),
    setQuery: (query) => {
      form.setValue('query', query);
      if (isJobIdLookup(query) || isBookingIdLookup(query)) {
        window.setTimeout(() => phoneInput.current?.focus(), 0);
      }
    },
  }));
  const query = form.watch('query') ?? '';
  const asksPhone = isJobIdLookup(query) || isBookingIdLookup(query);
  const hydrated = useHydrated();
  const searchFor = (values: PortalSearchInput) =>
    onSearch(asksPhone ? values : { query: values.query });
  const submit = form.handleSubmit(searchFor);

  return (
    <form
      method="post"
      onSubmit={(event) => {
        // The check's code did not arrive (no signal on a first visit): the search goes as typed,
        // so the page says it is offline (or the server names what is wrong) instead of nothing.
        submit(event).catch(() => searchFor(form.getValues()));
      }}
      onFocus={() => resolver.preload().catch(() => undefined)}
      noValidate
      role="search"
      aria-label="Track your job"
    >
      <Group align="flex-start" gap="sm" wrap="wrap">
        <TextInput
          label="Job ID or Name"
          placeholder="e.g. JOB-2026-123"
          size="md"
          style={{ flex: '1 1 240px' }}
          {...field}
          ref={(element) => {
            registerRef(element);
            input.current = element;
          }}
          error={form.formState.errors.query?.message}
        />
        {asksPhone || !hydrated ? (
          <TextInput
            label="Last 4 digits of your phone"
            placeholder="e.g. 5678"
            description={asksPhone ? undefined : 'Only for a job ID or booking reference'}
            size="md"
            inputMode="numeric"
            autoComplete="off"
            // Before the script it always shows, on a row of its own under the query.
            style={{ flex: asksPhone ? '1 1 160px' : '1 1 100%' }}
            {...phoneField}
            ref={(element) => {
              registerPhoneRef(element);
              phoneInput.current = element;
            }}
            error={form.formState.errors.phone?.message}
          />
        ) : null}
        <SubmitButton
          native
          size="md"
          mt={hydrated ? { base: 0, xs: 27 } : 0}
          mih={44}
          loading={busy}
          leftSection={<IconSearch size={18} />}
        >
          Track Job
        </SubmitButton>
      </Group>
    </form>
  );
});
