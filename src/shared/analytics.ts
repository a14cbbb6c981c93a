/**
 * The analytics contract (issue 13, decision 046): one period of a restaurant's requests, grouped by hour of day
 * (in the restaurant's zone), by server, by request type and by table. Times are ms, null where nothing counted.
 */
import { z } from 'zod';
import { requestTypeSchema } from './schemas';

/** The most ratings the analytics page lists for one period (decision 083); the figures count all of them. */
export const RATINGS_LIST_MAX = 200;

export const ANALYTICS_PERIODS = ['day', 'week', 'month'] as const;
const analyticsPeriodSchema = z.enum(ANALYTICS_PERIODS);
export type AnalyticsPeriod = z.infer<typeof analyticsPeriodSchema>;

export const DATE_INVALID = 'Choose a date as YYYY-MM-DD.';
export const PERIOD_INVALID = 'Choose a period: day, week or month.';

/** A calendar date, YYYY-MM-DD, that exists (no 2026-02-30), within years PostgreSQL and JS agree on. */
export const isoDateSchema = z.string(DATE_INVALID).refine((value) => {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  return (
    year >= 2000 &&
    year <= 2999 &&
    date.getUTCFullYear() === year &&
    date.getUTCMonth() === month - 1 &&
    date.getUTCDate() === day
  );
}, DATE_INVALID);

export const analyticsQuerySchema = z.strictObject({
  period: z.enum(ANALYTICS_PERIODS, PERIOD_INVALID).default('day'),
  /** Any day inside the period; default: today in the restaurant's zone. */
  date: isoDateSchema.optional(),
});
export type AnalyticsQuery = z.infer<typeof analyticsQuerySchema>;

/** Count and response times of one group of requests (decision 046 for what counts). */
const analyticsFiguresSchema = z.object({
  count: z.number().int(),
  completed: z.number().int(),
  dismissed: z.number().int(),
  escalated: z.number().int(),
  ackMedianMs: z.number().nullable(),
  ackP90Ms: z.number().nullable(),
  completeMedianMs: z.number().nullable(),
  completeP90Ms: z.number().nullable(),
  /** Guests' "no" to "Did you get what you needed?" (decision 082): requests that went back to pending. */
  notResolved: z.number().int(),
  /** Private ratings after the bill (decision 083): how many, and their average (1–5; null: none). */
  ratings: z.number().int(),
  ratingAverage: z.number().nullable(),
});
export type AnalyticsFigures = z.infer<typeof analyticsFiguresSchema>;

/** A party's visits (decision 092): how long parties stay, how often they call, how soon they ask for the bill. */
const visitFiguresSchema = z.object({
  /** Visits that opened (a first press, or staff seating the table). */
  count: z.number().int(),
  /** Of those, closed: cleared by staff, after the bill, or idle. */
  closed: z.number().int(),
  /** Median time from sitting down to the visit's close, of the closed ones; null: none closed. */
  seatedMedianMs: z.number().nullable(),
  /** Calls per visit on average (cancelled presses do not count); null: no visits. */
  callsPerVisit: z.number().nullable(),
  /** Median time from sitting down to the first bill request; null: no bill asked for. */
  billMedianMs: z.number().nullable(),
});
export type VisitFigures = z.infer<typeof visitFiguresSchema>;

export const analyticsResponseSchema = z.object({
  period: analyticsPeriodSchema,
  /** The period's first day (a Monday for a week, the 1st for a month), in the restaurant's zone. */
  start: z.string(),
  /** The period's last day, inclusive. */
  end: z.string(),
  timeZone: z.string(),
  /** The period as instants: [from, to) in ms. */
  from: z.number(),
  to: z.number(),
  totals: analyticsFiguresSchema,
  /** Always 24 rows, hour 0 … 23 of the restaurant's local day, summed over the period's days. */
  hours: z.array(analyticsFiguresSchema.extend({ hour: z.number().int() })),
  /** Who took the request (decision 046); serverId null: nobody took it, or the account is deleted. */
  servers: z.array(
    analyticsFiguresSchema.extend({ serverId: z.string().nullable(), name: z.string().nullable() }),
  ),
  types: z.array(analyticsFiguresSchema.extend({ type: requestTypeSchema })),
  tables: z.array(analyticsFiguresSchema.extend({ tableId: z.string(), number: z.string() })),
  /** One row per day of the period that had requests, by the restaurant's local date (YYYY-MM-DD), in order. */
  days: z.array(analyticsFiguresSchema.extend({ date: z.string() })),
  /**
   * The period's private ratings (decision 083), newest first, at most RATINGS_LIST_MAX: what the guest said, for the
   * owner only. The comment is untrusted plain text (never drawn as HTML).
   */
  ratingList: z.array(
    z.object({
      requestId: z.string(),
      ratedAt: z.number(),
      stars: z.number().int(),
      comment: z.string().nullable(),
      tableNumber: z.string().nullable(),
      serverName: z.string().nullable(),
    }),
  ),
  /** Up to three hours with the most requests, busiest first (ties: the earlier hour). */
  busiestHours: z.array(z.object({ hour: z.number().int(), count: z.number().int() })),
  /** Decision 092: the period's visits in all, and per local day they opened (days with visits, in order). */
  visits: visitFiguresSchema,
  visitDays: z.array(visitFiguresSchema.extend({ date: z.string() })),
  /**
   * Decision 096: who was on duty in the period — per server, the shifts that overlap it and their time inside it
   * (an open shift counts until now), most time first. Empty when the restaurant does not use shifts.
   */
  duty: z.array(
    z.object({
      serverId: z.string(),
      name: z.string(),
      shifts: z.number().int(),
      onDutyMs: z.number(),
    }),
  ),
});
export type AnalyticsResponse = z.infer<typeof analyticsResponseSchema>;
