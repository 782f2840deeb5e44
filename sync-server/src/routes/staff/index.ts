/**
 * Every staff call, under /api. The whole area is for signed-in admins only: the check runs on
 * request, before the body is even parsed, so a guest gets 401 and a customer 403 whatever they
 * send (DESIGN.md §7). Writes go through the shared mutators (see ./mutate).
 */
import type { FastifyPluginAsync } from 'fastify';
import { requireAdmin } from '../../plugins/auth';
import { areaDefaults } from '../../plugins/route-schemas';
import { bookingRoutes } from './bookings';
import { emailRoutes } from './emails';
import { fleetRoutes } from './fleet';
import { invoiceRoutes } from './invoices';
import { jobRoutes } from './jobs';
import { notificationPreferenceRoutes } from './notification-preferences';
import { quoteRoutes } from './quotes';

export const staffRoutes: FastifyPluginAsync = async (app) => {
  app.addHook('onRequest', requireAdmin);
  app.addHook('onRoute', areaDefaults({ tag: 'staff', admin: true }));
  await app.register(jobRoutes);
  await app.register(bookingRoutes);
  await app.register(emailRoutes);
  await app.register(quoteRoutes);
  await app.register(fleetRoutes);
  await app.register(invoiceRoutes);
  await app.register(notificationPreferenceRoutes);
};

export default staffRoutes;
