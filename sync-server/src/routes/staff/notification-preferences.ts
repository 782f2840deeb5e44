/**
 * Notification preferences of a customer email: GET reads them (`?email=`), PUT creates or
 * updates them. Unknown emails read as the defaults, so a screen can show the switches at once.
 */
import type { FastifyPluginAsync } from 'fastify';
import { MESSAGES, notificationPreferenceInputSchema } from '@pilbara/shared-schema';
import { z } from 'zod';
import { findRows } from '../../db/rows';
import { mintIntegerId } from '../../db/id-series';
import { parse } from '../../plugins/validation';
import { mutate } from './mutate';

const emailQuerySchema = z.object({
  email: z
    .string({ error: MESSAGES.EMAIL_INVALID })
    .trim()
    .max(100, MESSAGES.EMAIL_MAX)
    .pipe(z.email(MESSAGES.EMAIL_INVALID)),
});

export const notificationPreferenceRoutes: FastifyPluginAsync = async (app) => {
  app.get('/notification-preferences', async (request) => {
    const { email } = parse(emailQuerySchema, request.query);
    const stored = findRows(app.db, 'notification_preferences', { customerEmail: email })[0];
    if (stored) return { preference: stored };
    const defaults = notificationPreferenceInputSchema.parse({ customerEmail: email });
    return { preference: { id: null, ...defaults, createdAt: null, updatedAt: null } };
  });

  app.put('/notification-preferences', async (request) => {
    const input = parse(notificationPreferenceInputSchema, request.body);
    const { preference } = mutate<{ preference: unknown }>(app, request, () => ({
      name: 'notificationPreferences.save',
      args: { ...input, id: mintIntegerId(app.db, 'notification_preferences') },
    }));
    return { preference };
  });
};
