/**
 * What the owners must know now, for the admin panel's banners (GET /api/server-warnings) and
 * the start-up log: an id series far off its normal course (long before it could run out), and
 * a category of texts whose hourly budget held texts back in the last hour (saying what still
 * goes). Read fresh on each call, so a warning goes once its cause has.
 */
import {
  SMS_CATEGORIES,
  SMS_NOT_SENT,
  seriesAlarm,
  smsBudgetWarning,
  type ServerWarning,
} from '@pilbara/shared-schema';
import type { Db } from '../db/connection';
import { seriesPastAlarm } from '../db/id-series';
import { textsFailedSince } from '../db/repositories/sms';
import type { SmsBudgets } from './sms-delivery';

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

/** The title of a text-budget warning. */
const SMS_TITLE = 'Texts held back';

/** Each category whose whole hourly budget held texts back in the last hour, as warnings. */
export function smsBudgetWarnings(db: Db, budgets: SmsBudgets, now: Date): ServerWarning[] {
  const hourAgo = new Date(now.getTime() - 60 * 60 * 1000);
  return SMS_CATEGORIES.flatMap((category) => {
    const cap = budgets[category].perHour;
    const heldBack = textsFailedSince(
      db,
      category,
      SMS_NOT_SENT.categoryCap(category, cap),
      hourAgo,
    );
    if (heldBack === 0) return [];
    return [
      {
        kind: 'sms-budget' as const,
        title: SMS_TITLE,
        message: smsBudgetWarning(category, heldBack, cap),
      },
    ];
  });
}
