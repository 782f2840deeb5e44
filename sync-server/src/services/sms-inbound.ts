/**
 * Texts customers send (STOP, START), each applied once and only when it is the newest word
 * from that number. The provider signs every webhook, but a signed request can be captured and
 * posted again: a START replayed after a later STOP turned texts back on. So:
 *
 * - a text is known by the provider's MessageSid: a second delivery of it changes nothing;
 * - its time is the provider's own record of when it was sent (Twilio's Message resource; the
 *   webhook carries none), compared with the number's latest change of texts (a reply, or the
 *   tracking page's stop): an older keyword is recorded and not applied;
 * - a keyword sent more than {@link INBOUND_FRESH_MS} before it reaches us is not applied either;
 * - when the provider cannot say when a START was sent, it is not applied (the answer is 503, so
 *   the provider reports the failure): texts stay off. A STOP then counts from its arrival,
 *   since stopping texts is what the number asked for either way.
 */
import { inboundSmsKeyword } from '@pilbara/shared-schema';
import type { Db } from '../db/connection';
import { inTransaction } from '../db/connection';
import {
  inboundTextSeen,
  lastConsentChange,
  optIn,
  optOut,
  recordInboundText,
} from '../db/repositories/sms';
import type { SmsSender } from './sms';

/** How old a keyword may be when it arrives and still count (the provider posts at once). */
const INBOUND_FRESH_MS = 24 * 60 * 60 * 1000;

/** What became of an inbound text. */
export type InboundOutcome =
  | 'applied'
  | 'older'
  | 'stale'
  | 'no-keyword'
  | 'duplicate'
  /** A START whose time the provider could not confirm: nothing recorded, nothing changed. */
  | 'unconfirmed';

export interface InboundText {
  messageSid: string;
  /** The sender, in E.164. */
  phone: string;
  body: string;
}

/** Takes in one signed inbound text (see the module comment). */
export async function takeInboundText(
  deps: { db: Db; sender: Pick<SmsSender, 'inboundSentAt'>; now: () => Date },
  text: InboundText,
): Promise<InboundOutcome> {
  const { db } = deps;
  if (inboundTextSeen(db, text.messageSid)) return 'duplicate';
  const keyword = inboundSmsKeyword(text.body);
  const receivedAt = deps.now();
  const base = { messageSid: text.messageSid, phone: text.phone, keyword, receivedAt };
  if (!keyword) {
    return recordInboundText(db, { ...base, sentAt: null, outcome: 'no-keyword' })
      ? 'no-keyword'
      : 'duplicate';
  }
  const sentAt = await deps.sender.inboundSentAt(text.messageSid);
  if (!sentAt && keyword === 'start') return 'unconfirmed';
  const at = sentAt ?? receivedAt;
  return inTransaction(db, (): InboundOutcome => {
    const last = lastConsentChange(db, text.phone);
    const outcome =
      receivedAt.getTime() - at.getTime() > INBOUND_FRESH_MS
        ? 'stale'
        : last && (keyword === 'start' ? at <= last : at < last)
          ? 'older'
          : 'applied';
    if (!recordInboundText(db, { ...base, sentAt, outcome })) return 'duplicate';
    if (outcome !== 'applied') return outcome;
    if (keyword === 'stop') optOut(db, text.phone, 'reply', receivedAt, at);
    else optIn(db, text.phone, at);
    return outcome;
  });
}
