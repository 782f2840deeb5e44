import { z } from 'zod';

/**
 * GET /api/map-config: where the map's tiles come from. Either a style URL (the free default,
 * or any MapLibre style an operator names), or a PMTiles file the sync server serves itself,
 * drawn with the Protomaps basemap style; `glyphsUrl` gives that style its fonts (without it
 * the map is drawn without place names rather than fetch fonts from outside).
 */
export const mapConfigSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('style'), styleUrl: z.string().min(1) }),
  z.object({
    kind: z.literal('pmtiles'),
    pmtilesUrl: z.string().min(1),
    glyphsUrl: z.string().min(1).nullable(),
  }),
]);
/** The map's source. */
export type MapConfig = z.infer<typeof mapConfigSchema>;

/** GET /api/timesheet.csv: one driver's week (a Monday in Perth) for payroll. */
export const timesheetQuerySchema = z.object({
  userId: z.coerce.number().int().positive().meta({ description: 'The driver’s account id' }),
  week: z.iso
    .date()
    .refine((date) => new Date(`${date}T00:00:00Z`).getUTCDay() === 1, {
      error: 'The week starts on a Monday',
    })
    .meta({ description: 'The Monday the week starts on, YYYY-MM-DD (Perth)' }),
});
/** Timesheet query. */
export type TimesheetQuery = z.infer<typeof timesheetQuerySchema>;
