import type { FastifyPluginAsync } from 'fastify';
import { areaDefaults } from '../../plugins/route-schemas';
import { bookingRoutes } from './bookings';
import { contactRoutes } from './contact';
import { feedbackRoutes } from './feedback';
import { jobLookupRoutes } from './job-lookup';
import { trackPhotoRoutes } from './track-photos';
import { pushRoutes } from './push';
import { smsRoutes } from './sms';
import { responseTimeRoutes } from './response-times';

/** The calls anyone may make: contact, bookings, feedback, the job lookups, response times. */
export const publicRoutes: FastifyPluginAsync = async (app) => {
  app.addHook('onRoute', areaDefaults({ tag: 'public' }));
  await app.register(contactRoutes);
  await app.register(bookingRoutes);
  await app.register(feedbackRoutes);
  await app.register(jobLookupRoutes);
  await app.register(trackPhotoRoutes);
  await app.register(pushRoutes);
  await app.register(smsRoutes);
  await app.register(responseTimeRoutes);
};
