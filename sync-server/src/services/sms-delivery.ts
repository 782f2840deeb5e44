/**
 * Sends the texts the notifier claimed (issue 31): each at most once, none lost.
 *
 * - Before each send the number is checked against the opt-out list again (a STOP may have come
 *   in since the claim) and against the hourly caps: texts handed to the provider in the last
 *   hour to this number (SMS_PER_NUMBER_PER_HOUR) and in all (SMS_PER_HOUR); staff alert texts
 *   against their own budget instead (STAFF_SMS_PER_HOUR). A text over a cap is
 *   not sent: it is failed with the reason, which staff see in the job's history and may resend
 *   by hand. Caps count from the database, so a restart does not reset them.
 * - The row is marked `sending` before the provider is asked. A server that stops mid-send leaves
 *   it so; the next start fails it with that said ({@link failInterruptedTexts}) rather than
 *   sending it again, as the provider may have taken it.
 * - A provider that certainly did not take the text (429, 5xx, unreachable) is tried again after
 *   SMS_RETRY_DELAYS_MS (1, 5, 15, 60 minutes); after the last, or at once for a refusal
 *   (an invalid number, an unsubscribed recipient), the text is failed with the provider's reason.
 */
import { SMS_NOT_SENT, SMS_RETRY_DELAYS_MS } from '@pilbara/shared-schema';
import type { Db } from '../db/connection';
import {
  dueTexts,
  failInterruptedTexts,
  isOptedOut,
  markTextFailed,
  markTextSent,
  retryTextLater,
  startSending,
  textsAttemptedSince,
} from '../db/repositories/sms';
import { redactPhones, type SmsSender } from './sms';

export interface SmsCaps {
  perNumberPerHour: number;
  perHour: number;
  /**
   * Staff alert texts in an hour (STAFF_SMS_PER_HOUR): a budget of their own, so a flood of
   * customer texts can never starve the alert that wakes someone, nor the other way round.
   * Staff numbers have no cap of their own: an unanswered emergency texts them every few minutes.
   */
  staffPerHour: number;
}

export interface SmsDeliveryDeps {
  db: Db;
  sender: SmsSender;
  caps: SmsCaps;
  now: () => Date;
  log?: { error: (obj: object, msg: string) => void; warn?: (obj: object, msg: string) => void };
}

const HOUR_MS = 60 * 60 * 1000;

/** Fails texts a stopped server left mid-send (see the module comment). */
export function recoverInterruptedTexts(deps: Pick<SmsDeliveryDeps, 'db' | 'log'>): void {
  const count = failInterruptedTexts(deps.db, SMS_NOT_SENT.interrupted);
  if (count > 0) {
    deps.log?.warn?.({ count }, 'texts interrupted by a stop were marked failed, not resent');
  }
}

/** Sends every text that is due. */
export async function deliverTexts(deps: SmsDeliveryDeps): Promise<void> {
  const { db, caps } = deps;
  for (const text of dueTexts(db, deps.now())) {
    if (isOptedOut(db, text.recipientPhone)) {
      markTextFailed(db, text.id, SMS_NOT_SENT.optedOut);
      continue;
    }
    const sent = textsAttemptedSince(
      db,
      text.recipientPhone,
      new Date(deps.now().getTime() - HOUR_MS),
      text.audience,
    );
    if (text.audience === 'staff') {
      if (sent.total >= caps.staffPerHour) {
        markTextFailed(db, text.id, SMS_NOT_SENT.staffCap(caps.staffPerHour));
        deps.log?.error(
          { notificationId: text.id, cap: caps.staffPerHour },
          'hourly staff alert text cap reached',
        );
        continue;
      }
    } else if (sent.toNumber >= caps.perNumberPerHour) {
      markTextFailed(db, text.id, SMS_NOT_SENT.numberCap(caps.perNumberPerHour));
      continue;
    }
    if (text.audience !== 'staff' && sent.total >= caps.perHour) {
      markTextFailed(db, text.id, SMS_NOT_SENT.globalCap(caps.perHour));
      deps.log?.error({ notificationId: text.id, cap: caps.perHour }, 'hourly text cap reached');
      continue;
    }
    if (!startSending(db, text.id, deps.now())) continue;
    const result = await deps.sender.send({ to: text.recipientPhone, body: text.message });
    if (result.ok) {
      markTextSent(db, text.id, result.id, deps.now());
      continue;
    }
    const attempt = text.attempts + 1;
    const delay = SMS_RETRY_DELAYS_MS[attempt - 1];
    if (result.retry && delay !== undefined) {
      retryTextLater(
        db,
        text.id,
        `Retrying (attempt ${attempt} failed): ${result.error}`,
        new Date(deps.now().getTime() + delay),
      );
    } else {
      markTextFailed(db, text.id, result.error);
    }
    deps.log?.error(
      { notificationId: text.id, attempt, retry: result.retry, error: redactPhones(result.error) },
      'text message not sent',
    );
  }
}
