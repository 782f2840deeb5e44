/**
 * The frame every public form shares: it posts without script too, the schema checks it (so the
 * browser's own checks are off), and what is still waiting on this device is said first.
 *
 * A form the server answers without script (docs/no-script-forms.md) carries its idempotency key
 * in a hidden field: the server writes a fresh one into the page each time it serves it, and the
 * script sends its first submission under that same key (use-public-form.ts), so a native post
 * and the script's post of one filling-in are one submission.
 */
import type { ComponentProps, ReactNode, RefObject } from 'react';
import { Stack } from '@mantine/core';
import type { PublicFormKind } from '../../db/schema';
import { OutboxPendingNotice } from './outbox-status';

export function PublicFormFrame({
  kind,
  label,
  onSubmit,
  formKey,
  children,
}: {
  kind: PublicFormKind;
  /** The form's accessible name, the page's words for it. */
  label: string;
  onSubmit: ComponentProps<'form'>['onSubmit'];
  /** The hidden key field of a form the server answers without script. */
  formKey?: RefObject<HTMLInputElement | null>;
  children: ReactNode;
}) {
  return (
    <form method="post" onSubmit={onSubmit} noValidate aria-label={label}>
      {formKey ? (
        // No value from React: the server's, written into the page, must survive hydration.
        <input type="hidden" name="formKey" ref={formKey} suppressHydrationWarning />
      ) : null}
      <Stack gap="md">
        <OutboxPendingNotice kind={kind} />
        {children}
      </Stack>
    </form>
  );
}
