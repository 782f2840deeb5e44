/**
 * Submitting a public form through the local outbox, with the spec §8 toasts. The form resets
 * when the submission is safe: delivered, or saved on the device for later delivery.
 */
import { useCallback, useEffect, useState } from 'react';
import { notifications } from '@mantine/notifications';
import { MESSAGES, TOAST_DURATIONS } from '@pilbara/shared-schema';
import { useLiveQuery } from 'dexie-react-hooks';
import { serverMessage, type HttpError } from '../../lib/http';
import { getDatabase } from '../../db/database';
import type { PublicFormKind } from '../../db/schema';
import { onOutboxDelivery, startPublicOutbox, submitPublicForm } from '../../sync/public-outbox';

interface KindTexts {
  successTitle: string;
  successMessage: string;
  failureTitle: string;
  /** The failure message; `detail` is the server's own message when there is one. */
  failureMessage: (detail: string | undefined) => string;
  /** Noun for the "saved earlier has now been sent" notice. */
  noun: string;
}

/** Spec §8 texts per form. */
export const PUBLIC_FORM_TEXTS: Record<PublicFormKind, KindTexts> = {
  contact: {
    successTitle: MESSAGES.CONTACT_SENT_TITLE,
    successMessage: MESSAGES.CONTACT_SENT_DESCRIPTION,
    failureTitle: MESSAGES.CONTACT_FAILED_TITLE,
    failureMessage: (detail) => detail ?? MESSAGES.CONTACT_FAILED_DESCRIPTION,
    noun: 'message',
  },
  booking: {
    successTitle: MESSAGES.BOOKING_SUBMITTED_TITLE,
    successMessage: MESSAGES.BOOKING_SUBMITTED_DESCRIPTION,
    failureTitle: MESSAGES.BOOKING_FAILED_TITLE,
    failureMessage: () => MESSAGES.BOOKING_FAILED_DESCRIPTION,
    noun: 'booking',
  },
  feedback: {
    successTitle: MESSAGES.FEEDBACK_SUBMITTED_TITLE,
    successMessage: MESSAGES.FEEDBACK_SUBMITTED_DESCRIPTION,
    failureTitle: MESSAGES.FEEDBACK_FAILED_TITLE,
    failureMessage: () => MESSAGES.FEEDBACK_FAILED_DESCRIPTION,
    noun: 'feedback',
  },
};

export const SAVED_OFFLINE_TITLE = 'Saved on this device';

function showFailure(kind: PublicFormKind, error: unknown): void {
  const texts = PUBLIC_FORM_TEXTS[kind];
  notifications.show({
    title: texts.failureTitle,
    message: texts.failureMessage(serverMessage(error)),
    color: 'red',
    autoClose: TOAST_DURATIONS.default,
  });
}

/** Field messages from a 400 answer `{error, fields}` (DESIGN §6), keyed by field name. */
export function rejectedFields(error: HttpError): Record<string, string> {
  const body = error.json();
  const out: Record<string, string> = {};
  if (body && typeof body === 'object' && 'fields' in body) {
    const fields = (body as { fields: unknown }).fields;
    if (fields && typeof fields === 'object') {
      for (const [name, message] of Object.entries(fields as Record<string, unknown>)) {
        if (typeof message === 'string') out[name] = message;
        else if (Array.isArray(message) && typeof message[0] === 'string') out[name] = message[0];
      }
    }
  }
  return out;
}

/**
 * Keeps the outbox running while a public page is open and tells the user when something saved
 * earlier has gone through (or was refused). Mount once per page; safe to mount more than once.
 */
export function usePublicOutboxRunner(): void {
  useEffect(() => {
    startPublicOutbox();
    return onOutboxDelivery((item, outcome) => {
      if (outcome.status === 'sent') {
        notifications.show({
          title: PUBLIC_FORM_TEXTS[item.kind].successTitle,
          message: `Your ${PUBLIC_FORM_TEXTS[item.kind].noun} saved on this device has now been sent.`,
          color: 'green',
          autoClose: TOAST_DURATIONS.default,
        });
      } else if (outcome.status === 'rejected') {
        showFailure(item.kind, outcome.error);
      }
    });
  }, []);
}

/** How many submissions of a kind are still waiting on this device. */
export function usePendingCount(kind: PublicFormKind): number {
  return useLiveQuery(
    () =>
      getDatabase()
        .publicOutbox.filter((item) => item.kind === kind)
        .count()
        .catch(() => 0),
    [kind],
    0,
  );
}

export interface SubmitResult {
  /** True when the form should reset (delivered or safely saved). */
  done: boolean;
  /** Field messages the server sent back with a rejection. */
  fieldErrors: Record<string, string>;
}

export function usePublicSubmit(kind: PublicFormKind) {
  const [sending, setSending] = useState(false);
  usePublicOutboxRunner();

  const submit = useCallback(
    async (body: Record<string, unknown>): Promise<SubmitResult> => {
      setSending(true);
      try {
        const outcome = await submitPublicForm(kind, body);
        const texts = PUBLIC_FORM_TEXTS[kind];
        switch (outcome.status) {
          case 'sent':
            notifications.show({
              title: texts.successTitle,
              message: texts.successMessage,
              color: 'green',
              autoClose: TOAST_DURATIONS.default,
            });
            return { done: true, fieldErrors: {} };
          case 'queued':
            notifications.show({
              title: SAVED_OFFLINE_TITLE,
              message: outcome.message,
              color: 'yellow',
              autoClose: TOAST_DURATIONS.default,
            });
            return { done: true, fieldErrors: {} };
          case 'rejected':
            showFailure(kind, outcome.error);
            return { done: false, fieldErrors: rejectedFields(outcome.error) };
          case 'failed':
            showFailure(kind, outcome.error);
            return { done: false, fieldErrors: {} };
        }
      } finally {
        setSending(false);
      }
    },
    [kind],
  );

  return { submit, sending };
}
