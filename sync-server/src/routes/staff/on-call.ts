/**
 * The on-call roster and each admin's own alert channels (services/staff-alerts.ts sends by
 * them):
 * - GET /api/on-call: the roster in force (the default until one is saved: both owners, around
 *   the clock), who answers now, and the escalation time;
 * - PUT /api/on-call: replaces the roster;
 * - GET/PUT /api/staff-alerts/preferences: the signed-in admin's push, text and email switches;
 * - POST/DELETE /api/staff-alerts/push: a device of theirs starts or stops getting pushes.
 * Admins only: new bookings are theirs to take (drivers never see bookings: docs/decisions/2026-11-24-roles.md).
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  onCallNow,
  pushSubscribeResponseSchema,
  pushSubscriptionInputSchema,
  rosterInputSchema,
  rosterResponseSchema,
  staffAlertPreferencesResponseSchema,
  staffAlertPreferencesSchema,
  staffPushRemoveSchema,
  type RosterEntry,
} from '@pilbara/shared-schema';
import { z } from 'zod';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { HttpError } from '../../http-error';
import { errorAnswers } from '../../plugins/route-schemas';
import {
  removeStaffSubscription,
  saveRoster,
  saveStaffAlertPreferences,
  saveStaffSubscription,
  savedRoster,
  staffAlertPreferences,
  staffSubscriptionCount,
} from '../../db/repositories/staff-alerts';
import { rosterOf } from '../../services/staff-alerts';

function userId(request: FastifyRequest): number {
  if (!request.user) throw new HttpError(401, 'Please log in to continue');
  return request.user.id;
}

function rosterAnswer(app: FastifyInstance) {
  const settings = {
    owners: app.profile.owners,
    escalateAfterMinutes: app.config.staffAlerts.escalateAfterMinutes,
    businessEmail: app.profile.email,
  };
  const entries = rosterOf(app.db, settings);
  const plain = (entry: RosterEntry) => ({ ...entry, days: [...entry.days] });
  return {
    entries: entries.map(plain),
    isDefault: savedRoster(app.db) === null,
    onCallNow: onCallNow(entries, app.now()).map(plain),
    escalateAfterMinutes: settings.escalateAfterMinutes,
  };
}

export const onCallRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/on-call',
    {
      schema: {
        summary: 'The on-call roster, who answers now, and the escalation time',
        response: { 200: rosterResponseSchema },
      },
    },
    async () => rosterAnswer(app),
  );

  app.put(
    '/on-call',
    {
      schema: {
        summary: 'Replace the on-call roster (in the order people are texted)',
        body: rosterInputSchema,
        response: { 200: rosterResponseSchema, ...errorAnswers(400) },
      },
    },
    async (request) => {
      saveRoster(app.db, request.body.entries, app.now());
      return rosterAnswer(app);
    },
  );

  const preferencesAnswer = (id: number) => ({
    ...staffAlertPreferences(app.db, id),
    pushDevices: staffSubscriptionCount(app.db, id),
  });

  app.get(
    '/staff-alerts/preferences',
    {
      schema: {
        summary: 'Your own alert channels (push, texts when on call, email)',
        response: { 200: staffAlertPreferencesResponseSchema },
      },
    },
    async (request) => preferencesAnswer(userId(request)),
  );

  app.put(
    '/staff-alerts/preferences',
    {
      schema: {
        summary: 'Save your own alert channels',
        body: staffAlertPreferencesSchema,
        response: { 200: staffAlertPreferencesResponseSchema, ...errorAnswers(400) },
      },
    },
    async (request) => {
      const id = userId(request);
      saveStaffAlertPreferences(app.db, id, request.body, app.now());
      return preferencesAnswer(id);
    },
  );

  app.post(
    '/staff-alerts/push',
    {
      schema: {
        summary: "This device gets a push for every new booking (the browser's subscription)",
        body: pushSubscriptionInputSchema,
        response: { 201: pushSubscribeResponseSchema, ...errorAnswers(400) },
      },
    },
    async (request, reply) => {
      saveStaffSubscription(app.db, userId(request), request.body, app.now());
      return reply.code(201).send({ subscribed: true as const });
    },
  );

  app.delete(
    '/staff-alerts/push',
    {
      schema: {
        summary: 'This device stops getting pushes',
        body: staffPushRemoveSchema,
        response: { 200: z.object({ removed: z.boolean() }), ...errorAnswers(400) },
      },
    },
    async (request) => ({
      removed: removeStaffSubscription(app.db, userId(request), request.body.endpoint),
    }),
  );
};
