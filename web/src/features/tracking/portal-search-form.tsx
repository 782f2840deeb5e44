import { forwardRef, useImperativeHandle, useRef } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Group, TextInput } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { portalSearchSchema, type PortalSearch } from '@pilbara/shared-schema';

export interface PortalSearchFormHandle {
  focus(): void;
  setQuery(query: string): void;
}

/** Job ID or name search of the customer portal; an empty query shows 'Enter Job ID or Name'. */
export const PortalSearchForm = forwardRef<
  PortalSearchFormHandle,
  { onSearch: (query: string) => void; busy: boolean }
>(function PortalSearchForm({ onSearch, busy }, ref) {
  const form = useForm<PortalSearch>({
    resolver: zodResolver(portalSearchSchema),
    defaultValues: { query: '' },
  });
  const input = useRef<HTMLInputElement | null>(null);
  const { ref: registerRef, ...field } = form.register('query');
  useImperativeHandle(ref, () => ({
    focus: () => input.current?.focus(),
    setQuery: (query) => form.setValue('query', query),
  }));

  return (
    <form
      onSubmit={form.handleSubmit((values) => onSearch(values.query))}
      noValidate
      role="search"
      aria-label="Track your job"
    >
      <Group align="flex-start" gap="sm" wrap="wrap">
        <TextInput
          label="Job ID or Name"
          placeholder="e.g. JOB-2026-123 or Jane Citizen"
          size="md"
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
          mih={42}
          loading={busy}
          leftSection={<IconSearch size={18} />}
        >
          Track Job
        </Button>
      </Group>
    </form>
  );
});
