/**
 * `notificationPreferences.save`: creates or updates the notification preferences of one customer
 * email (the email is unique). The id is used only when the email has no preferences yet.
 */
import { leasedIdSchema } from './common';
import { defineMutator, put, readMany, succeed } from '../mutator';
import type { Row } from '../mutator';
import { notificationPreferenceInputSchema } from './deps';

export const notificationPreferencesSave = defineMutator({
  name: 'notificationPreferences.save',
  argsSchema: notificationPreferenceInputSchema.extend({ id: leasedIdSchema }),
  reads: (args) => [
    {
      key: 'existing',
      entity: 'notification_preferences' as const,
      where: { customerEmail: args.customerEmail },
    },
  ],
  apply(ctx, args) {
    const existing = readMany<{ id: number; createdAt: string }>(ctx, 'existing')[0];
    const preference = {
      ...args,
      id: existing?.id ?? args.id,
      createdAt: existing?.createdAt ?? ctx.now,
      updatedAt: ctx.now,
    };
    return succeed([put('notification_preferences', preference as Row)], { preference });
  },
});
