/**
 * What the owners must know now, for the admin panel's banners (GET /api/server-warnings) and
 * the start-up log: an id series far off its normal course (long before it could run out), and
 * later kinds beside it. Read fresh on each call, so a warning goes once its cause has.
 */
import { seriesAlarm, type ServerWarning } from '@pilbara/shared-schema';
import type { Db } from '../db/connection';
import { seriesPastAlarm } from '../db/id-series';

/** The title of an id-series warning. */
const SERIES_TITLE = 'Id numbers far off course';

/** Every id series past its alarm level, as warnings. */
export function idSeriesWarnings(db: Db): ServerWarning[] {
  return seriesPastAlarm(db).map(({ series, handedOut }) => ({
    kind: 'id-series',
    title: SERIES_TITLE,
    message: seriesAlarm(series, handedOut),
  }));
}
