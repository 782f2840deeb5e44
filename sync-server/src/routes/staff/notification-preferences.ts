/**
 * Notification preferences of a customer email: GET reads them (`?email=`), PUT creates or
 * updates them. Unknown emails read as the defaults, so a screen can show the switches at once.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  notificationPreferenceInputSchema,
  notificationPreferenceQuerySchema,
  notificationPreferenceReadResponseSchema,
  notificationPreferenceResponseSchema,
  type NotificationPreference,
} from '@pilbara/shared-schema';
import { findRows } from '../../db/rows';
import { mintIntegerId } from '../../db/id-series';
import { errorAnswers } from '../../plugins/route-schemas';
import { mutate } from './mutate';

export const notificationPreferenceRoutes: FastifyPluginAsyncZod = async (app) => {
  const readSchema = {
    summary: 'A customer’s notification preferences (the defaults when never saved)',
    querystring: notificationPreferenceQuerySchema,
    response: { 200: notificationPreferenceReadResponseSchema, ...errorAnswers(400) },
  };
  app.get('/notification-preferences', { schema: readSchema }, async (request) => {
    const { email } = request.query;
    const stored = findRows<NotificationPreference>(app.db, 'notification_preferences', {
      customerEmail: email,
    })[0];
    if (stored) return { preference: stored };
    const defaults = notificationPreferenceInputSchema.parse({ customerEmail: email });
    return { preference: { id: null, ...defaults, createdAt: null, updatedAt: null } };
  });

  const saveSchema = {
    summary: 'Save a customer’s notification preferences',
    body: notificationPreferenceInputSchema,
    response: { 200: notificationPreferenceResponseSchema, ...errorAnswers(400) },
  };
  app.put('/notification-preferences', { schema: saveSchema }, async (request) => {
    const { preference } = mutate<{ preference: NotificationPreference }>(app, request, () => ({
      name: 'notificationPreferences.save',
      args: { ...request.body, id: mintIntegerId(app.db, 'notification_preferences') },
    }));
    return { preference };
  });
};
