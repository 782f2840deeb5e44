/**
 * Every staff call, under /api. The whole area is for signed-in staff: the check runs on
 * request, before the body is even parsed, so a guest gets 401 and a customer 403 whatever they
 * send (docs/security.md). Bookings, emails, quotes, invoices, notification preferences and staff
 * accounts, the messages sent to customers, backups and the server's warnings are for admins
 * only, checked the same way; in the jobs and fleet calls a driver sees only what their role may
 * (docs/security.md), and every write goes through the shared mutators, whose role rules refuse
 * the rest (see ./mutate).
 */
import type { FastifyPluginAsync } from 'fastify';
import { requireAdmin, requireStaff, requireUser } from '../../plugins/auth';
import { staffAccountRoutes } from './accounts';
import { areaDefaults } from '../../plugins/route-schemas';
import { backupRoutes } from './backups';
import { bookingRoutes } from './bookings';
import { emailRoutes } from './emails';
import { fleetRoutes } from './fleet';
import { invoiceRoutes } from './invoices';
import { jobRoutes } from './jobs';
import { messageRoutes } from './messages';
import { prestartRoutes } from './prestart';
import { notificationPreferenceRoutes } from './notification-preferences';
import { onCallRoutes } from './on-call';
import { contactMessageRoutes } from './contact-messages';
import { reviewRoutes } from './reviews';
import { quoteRoutes } from './quotes';
import { warningRoutes } from './warnings';
import { timesheetRoutes } from './timesheet';

export const staffRoutes: FastifyPluginAsync = async (app) => {
  app.addHook('onRequest', requireUser);
  app.addHook('onRoute', areaDefaults({ tag: 'staff', admin: true }));
  // Two areas, so a refusal names the role the call needs: a customer asking for a
  // quote is told it needs an admin account, not a staff one.
  await app.register(async (staffArea) => {
    staffArea.addHook('onRequest', requireStaff);
    await staffArea.register(jobRoutes);
    await staffArea.register(fleetRoutes);
    await staffArea.register(prestartRoutes);
    await staffArea.register(timesheetRoutes);
  });
  await app.register(async (adminArea) => {
    adminArea.addHook('onRequest', requireAdmin);
    await adminArea.register(bookingRoutes);
    await adminArea.register(emailRoutes);
    await adminArea.register(quoteRoutes);
    await adminArea.register(invoiceRoutes);
    await adminArea.register(notificationPreferenceRoutes);
    await adminArea.register(messageRoutes);
    await adminArea.register(staffAccountRoutes);
    await adminArea.register(backupRoutes);
    await adminArea.register(warningRoutes);
    await adminArea.register(onCallRoutes);
    await adminArea.register(contactMessageRoutes);
    await adminArea.register(reviewRoutes);
  });
};
