/**
 * `mergeNotice.settle`: the owner told that the other owner kept their value over
 * theirs has seen the notice — undone (the edit putting their value back is queued beside it) or
 * accepted. Settling twice changes nothing.
 */
import { z } from 'zod';
import { defineMutator, put, readOne, reject, succeed } from '../mutator';
import type { Row } from '../mutator';
import type { MergeNotice } from '../../entities/merge-notice';
import { leasedIdSchema } from './common';

const NOTICE_NOT_FOUND = 'This notice no longer exists';

export const mergeNoticeSettle = defineMutator({
  name: 'mergeNotice.settle',
  argsSchema: z.object({ id: leasedIdSchema, status: z.enum(['undone', 'accepted']) }),
  reads: (args) => [{ key: 'notice', entity: 'merge_notices' as const, id: args.id }],
  apply(ctx, args) {
    const notice = readOne<MergeNotice>(ctx, 'notice');
    if (!notice) return reject('not_found', NOTICE_NOT_FOUND, 'id');
    if (notice.status !== 'open') return succeed([], { notice });
    const settled: MergeNotice = {
      ...notice,
      status: args.status,
      settledBy: typeof ctx.userId === 'number' ? ctx.userId : null,
      settledAt: ctx.now,
      updatedAt: ctx.now,
    };
    return succeed([put('merge_notices', settled as Row)], { notice: settled });
  },
});
