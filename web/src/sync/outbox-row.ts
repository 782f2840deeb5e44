/**
 * The one place an outbox row is built, whether a staff write appends it or a resync renumbers
 * the pending ones under a new device identity: the row holds exactly the fields the outbox
 * stores, so nothing a caller carries besides (an acknowledgement's time, a row's old identity)
 * is ever sent or kept with it.
 */
import type { OutboxItem } from '../db/schema';

/** What a mutation brings to its outbox row; the seq and device identity come from the outbox. */
type PendingMutation = Pick<
  OutboxItem,
  'mutationId' | 'name' | 'args' | 'createdAt' | 'reads' | 'writes' | 'keys'
>;

export function outboxRow(
  { seq, clientId }: Pick<OutboxItem, 'seq' | 'clientId'>,
  { mutationId, name, args, createdAt, reads, writes, keys }: PendingMutation,
): OutboxItem {
  return { seq, mutationId, clientId, name, args, createdAt, reads, writes, keys };
}
