/**
 * What the screen tests of emailed replies (contact messages, reviews) share: the two ways the
 * server's send can fail, as the fake server answers them, and what the screen then says.
 */
import { MESSAGES } from '@pilbara/shared-schema';
import { json } from '../../lib/testing/fake-api';

/** [case, the answer to the reply's POST, what the screen shows]: no signal, or the mailer's 502. */
export function replyFailures(needsConnection: string) {
  const refused = `${MESSAGES.REPLY_FAILED}: Mailbox unavailable`;
  return [
    ['offline', 'offline' as const, needsConnection],
    ['refused by the mail server', json({ error: refused }, 502), refused],
  ] as const;
}
