/**
 * GET /api/timesheet.csv: a driver's week of work from their shift records, for payroll. An admin
 * may read anyone's; a driver only their own. The rows are shared-schema's (rules/timesheet.ts),
 * the same the dispatch board shows, written by the one CSV writer.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  MESSAGES,
  TIMESHEET_CSV_COLUMNS,
  addCalendarDays,
  assignmentName,
  csvFileSchema,
  timesheetCsvRows,
  timesheetQuerySchema,
  weeklyTimesheet,
  type DriverShiftEvent,
  type User,
} from '@pilbara/shared-schema';
import { findRows, getRow } from '../../db/rows';
import { HttpError } from '../../http-error';
import { errorAnswers } from '../../plugins/route-schemas';
import { csv } from '../../services/csv';

export const timesheetRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/timesheet.csv',
    {
      schema: {
        summary: 'A driver’s week of work (shifts and breaks) as CSV for payroll',
        querystring: timesheetQuerySchema,
        response: {
          200: { content: { 'text/csv': { schema: csvFileSchema } } },
          ...errorAnswers(400, 403, 404),
        },
      },
    },
    async (request, reply) => {
      const { userId, week } = request.query;
      const me = request.user!;
      if (me.role !== 'admin' && me.id !== userId)
        throw new HttpError(403, MESSAGES.ADMIN_REQUIRED);
      const driver = getRow<User>(app.db, 'users', userId);
      if (!driver) throw new HttpError(404, 'Driver not found');
      const events = findRows<DriverShiftEvent>(app.db, 'driver_shift_events', { userId });
      // A week's sheet reads a day either side, for work that crosses midnight.
      const from = addCalendarDays(week, -1);
      const to = addCalendarDays(week, 8);
      const inWeek = events.filter((event) => event.at >= from && event.at <= to);
      const sheet = weeklyTimesheet(inWeek, week, new Date());
      const name = assignmentName(driver);
      return reply
        .header('Content-Type', 'text/csv; charset=utf-8')
        .header(
          'Content-Disposition',
          `attachment; filename="timesheet-${name.replace(/[^A-Za-z0-9]+/g, '-')}-${week}.csv"`,
        )
        .header('Cache-Control', 'no-store')
        .send(csv(TIMESHEET_CSV_COLUMNS, timesheetCsvRows(name, sheet)));
    },
  );
};
