/**
 * Submitting a public form through the local outbox, with the toasts that say how it went
 * (MESSAGES). The outbox code and Dexie are loaded on the first submission, not with the page: most
 * visitors never submit.
 */
import { useCallback, useState } from 'react';
import { notifications } from '@mantine/notifications';
import { TOAST_DURATIONS } from '@pilbara/shared-schema';
import { serverMessage, type HttpError } from '../../lib/http';
import type { PublicFormKind } from '../../db/schema';
import type { DeliveryOutcome } from '../../sync/public-outbox';
import { PUBLIC_FORM_TEXTS, SAVED_OFFLINE_TITLE } from './public-form-texts';

const FEEDBACK_ALREADY_GIVEN = {
  title: 'Feedback already received',
  message: 'We already have your feedback for this job – thank you for taking the time.',
};

function loadOutbox() {
  return import('../../sync/public-outbox');
}

export function showFailure(kind: PublicFormKind, error: unknown): void {
  const texts = PUBLIC_FORM_TEXTS[kind];
  notifications.show({
    title: texts.failureTitle,
    message: texts.failureMessage(serverMessage(error)),
    color: 'red',
    autoClose: TOAST_DURATIONS.default,
  });
}

/** Field messages from a 400 answer `{error, fields}` (docs/architecture.md), by field name. */
function rejectedFields(error: HttpError): Record<string, string> {
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

export interface SubmitResult {
  /** True when the form should reset (delivered or safely saved). */
  done: boolean;
  /** Field messages the server sent back with a rejection. */
  fieldErrors: Record<string, string>;
  /** What happened to the submission, with the outbox id it travels under. */
  outcome: DeliveryOutcome;
  outboxId: string;
}

export interface SubmitOptions {
  /** Tell the user with a toast (default); a page that shows its own confirmation says no. */
  toast?: boolean;
  /** Runs once the outbox id is known and before anything is sent (to keep a local record). */
  beforeSend?: (outboxId: string) => void;
  /** The submission's key when it has one already (the key the server put in the form). */
  outboxId?: string;
}

export function usePublicSubmit(kind: PublicFormKind) {
  const [sending, setSending] = useState(false);

  const submit = useCallback(
    async (body: Record<string, unknown>, options: SubmitOptions = {}): Promise<SubmitResult> => {
      const toast = options.toast ?? true;
      setSending(true);
      try {
        const outbox = await loadOutbox();
        const outboxId = options.outboxId ?? outbox.newOutboxId();
        options.beforeSend?.(outboxId);
        const outcome = await outbox.submitPublicForm(kind, body, undefined, outboxId);
        const texts = PUBLIC_FORM_TEXTS[kind];
        switch (outcome.status) {
          case 'sent':
            if (toast) {
              notifications.show({
                title: texts.successTitle,
                message: texts.successMessage,
                color: 'green',
                autoClose: TOAST_DURATIONS.default,
              });
            }
            return { done: true, fieldErrors: {}, outcome, outboxId };
          case 'queued':
            if (toast) {
              notifications.show({
                title: SAVED_OFFLINE_TITLE,
                message: outcome.message,
                color: 'yellow',
                autoClose: TOAST_DURATIONS.default,
              });
            }
            return { done: true, fieldErrors: {}, outcome, outboxId };
          case 'rejected':
            // Feedback for a job already reviewed is not a failure to retry: say what happened.
            if (kind === 'feedback' && outcome.error.status === 409) {
              notifications.show({
                title: FEEDBACK_ALREADY_GIVEN.title,
                message: FEEDBACK_ALREADY_GIVEN.message,
                color: 'ochre',
                autoClose: TOAST_DURATIONS.default,
              });
              return { done: true, fieldErrors: {}, outcome, outboxId };
            }
            showFailure(kind, outcome.error);
            return { done: false, fieldErrors: rejectedFields(outcome.error), outcome, outboxId };
          case 'failed':
            showFailure(kind, outcome.error);
            return { done: false, fieldErrors: {}, outcome, outboxId };
        }
      } catch (error) {
        // The outbox code itself could not load (offline before it was ever cached).
        showFailure(kind, error);
        return {
          done: false,
          fieldErrors: {},
          outcome: { status: 'failed', error },
          outboxId: '',
        };
      } finally {
        setSending(false);
      }
    },
    [kind],
  );

  return { submit, sending };
}
