/**
 * What the Quotes & Billing screens share to answer staff: one toast (at most one on screen, the
 * spec's duration) and the action button of a quote or invoice card, with its spinner while its
 * action runs and disabled while another one does.
 */
import type { ReactNode } from 'react';
import { Button } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { TOAST_DURATIONS } from '@pilbara/shared-schema';
import type { ActionOutcome } from './billing-actions';

/** Shows a toast: green for success, red for an error, yellow for "needs a connection". */
export function toast(kind: 'success' | 'error' | 'info', title: string, message?: string): void {
  notifications.show({
    title,
    message: message ?? '',
    color: kind === 'success' ? 'green' : kind === 'error' ? 'red' : 'yellow',
    autoClose: TOAST_DURATIONS.default,
  });
}

/**
 * Runs a billing action and says how it went: a refusal's message or a thrown error's under
 * `failedTitle`, else the success toast built from the outcome. True when the action went
 * through, so a dialog knows to close.
 */
export async function tellOutcome(
  work: () => Promise<ActionOutcome>,
  failedTitle: string,
  success: (invoiceId: string) => readonly [title: string, message?: string],
  thrownFallback?: string,
): Promise<boolean> {
  try {
    const outcome = await work();
    if (!outcome.ok) {
      toast('error', failedTitle, outcome.message);
      return false;
    }
    toast('success', ...success(outcome.invoiceId));
    return true;
  } catch (error) {
    toast('error', failedTitle, error instanceof Error ? error.message : thrownFallback);
    return false;
  }
}

/** A card's action button; `busy` is the action running on this card, if any. */
export function CardAction<A extends string>({
  action,
  busy,
  label,
  icon,
  color,
  variant = 'light',
  onClick,
}: {
  action: A;
  busy: A | null;
  label: string;
  icon: ReactNode;
  color?: string;
  variant?: 'light' | 'filled' | 'subtle';
  onClick: () => void;
}) {
  return (
    <Button
      size="sm"
      variant={variant}
      color={color}
      leftSection={icon}
      loading={busy === action}
      disabled={busy !== null && busy !== action}
      onClick={onClick}
    >
      {label}
    </Button>
  );
}
