/**
 * What the Quotes & Billing screens share to answer staff: one toast (at most one on screen, the
 * spec's duration) and the action button of a quote or invoice card, with its spinner while its
 * action runs and disabled while another one does.
 */
import type { ReactNode } from 'react';
import { Button } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { TOAST_DURATIONS } from '@pilbara/shared-schema';

/** Shows a toast: green for success, red for an error, yellow for "needs a connection". */
export function toast(kind: 'success' | 'error' | 'info', title: string, message?: string): void {
  notifications.show({
    title,
    message: message ?? '',
    color: kind === 'success' ? 'green' : kind === 'error' ? 'red' : 'yellow',
    autoClose: TOAST_DURATIONS.default,
  });
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
