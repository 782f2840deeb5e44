/**
 * The frame every public form shares: it posts without script too, the schema checks it (so the
 * browser's own checks are off), and what is still waiting on this device is said first.
 */
import type { ComponentProps, ReactNode } from 'react';
import { Stack } from '@mantine/core';
import type { PublicFormKind } from '../../db/schema';
import { OutboxPendingNotice } from './outbox-status';

export function PublicFormFrame({
  kind,
  label,
  onSubmit,
  children,
}: {
  kind: PublicFormKind;
  /** The form's accessible name, the page's words for it. */
  label: string;
  onSubmit: ComponentProps<'form'>['onSubmit'];
  children: ReactNode;
}) {
  return (
    <form method="post" onSubmit={onSubmit} noValidate aria-label={label}>
      <Stack gap="md">
        <OutboxPendingNotice kind={kind} />
        {children}
      </Stack>
    </form>
  );
}
