/** Analytics for the restaurant's owner (issue 13, decision 046): figures computed by the database, mapped here. */
import type { Db } from '../../db/client';
import { MSG } from '@shared/messages';
import type {
  AnalyticsFigures,
  AnalyticsQuery,
  AnalyticsResponse,
  VisitFigures,
} from '@shared/analytics';
import { REQUEST_TYPES } from '@shared/rules';
import { notFound } from '../../http/errors';
import { assertRestaurantAccess, type SessionUser } from '../../policy/policy';
import {
  periodBounds,
  periodFigures,
  periodRatings,
  periodVisits,
  periodDuty,
  type DutyRow,
  type FiguresRow,
  type VisitFiguresRow,
} from './analytics.repo';
import { RATINGS_LIST_MAX } from '@shared/analytics';
import { FiguresCache } from './figures-cache';

/** How long a period's figures are kept at most when no change of the restaurant drops them (decision 073). */
const FIGURES_TTL_MS = 60_000;

type PeriodRows = [
  FiguresRow[],
  Awaited<ReturnType<typeof periodRatings>>,
  VisitFiguresRow[],
  DutyRow[],
];

const ms = (value: number | string | null): number | null =>
  value === null ? null : Math.round(Number(value));

function figuresOf(row: FiguresRow | undefined): AnalyticsFigures {
  return {
    count: row?.count ?? 0,
    completed: row?.completed ?? 0,
    dismissed: row?.dismissed ?? 0,
    escalated: row?.escalated ?? 0,
    ackMedianMs: ms(row?.ack_median ?? null),
    ackP90Ms: ms(row?.ack_p90 ?? null),
    completeMedianMs: ms(row?.complete_median ?? null),
    completeP90Ms: ms(row?.complete_p90 ?? null),
    notResolved: row?.not_resolved ?? 0,
    ratings: row?.ratings ?? 0,
    ratingAverage: row?.rating_avg == null ? null : Math.round(Number(row.rating_avg) * 100) / 100,
  };
}

function visitFiguresOf(row: VisitFiguresRow | undefined): VisitFigures {
  const calls = row?.calls_avg ?? null;
  return {
    count: row?.count ?? 0,
    closed: row?.closed ?? 0,
    seatedMedianMs: ms(row?.seated_median ?? null),
    callsPerVisit: calls === null ? null : Math.round(Number(calls) * 100) / 100,
    billMedianMs: ms(row?.bill_median ?? null),
  };
}

/** Most requests first; equal counts keep their natural order (the caller sorts that first). */
const byCount = (a: { count: number }, b: { count: number }) => b.count - a.count;

const BUSIEST_HOURS = 3;

export class AnalyticsService {
  constructor(
    private readonly db: Db,
    private readonly clock: () => number = Date.now,
    /** A period's figures and ratings, kept until the restaurant changes (decision 073). */
    readonly figures = new FiguresCache<PeriodRows>(FIGURES_TTL_MS),
  ) {}

  async period(
    user: SessionUser,
    restaurantId: string,
    query: AnalyticsQuery,
  ): Promise<AnalyticsResponse> {
    await assertRestaurantAccess(this.db, user, restaurantId);
    const bounds = await periodBounds(
      this.db,
      restaurantId,
      query.period,
      query.date,
      this.clock(),
    );
    if (!bounds) throw notFound(MSG.restaurantNotFound, 'restaurant_not_found');
    const now = this.clock();
    const [rows, ratings, visitRows, dutyRows] = await this.figures.get(
      restaurantId,
      `${bounds.timeZone} ${bounds.from} ${bounds.to}`,
      () =>
        Promise.all([
          periodFigures(this.db, restaurantId, bounds.timeZone, bounds.from, bounds.to),
          periodRatings(this.db, restaurantId, bounds.from, bounds.to, RATINGS_LIST_MAX),
          periodVisits(this.db, restaurantId, bounds.timeZone, bounds.from, bounds.to),
          periodDuty(this.db, restaurantId, bounds.from, bounds.to, now),
        ]),
    );
    const of = (kind: FiguresRow['kind']) => rows.filter((row) => row.kind === kind);

    const byHour = new Map(of('hour').map((row) => [row.hour, row]));
    const hours = Array.from({ length: 24 }, (_, hour) => ({
      hour,
      ...figuresOf(byHour.get(hour)),
    }));
    const servers = of('server')
      .map((row) => ({ serverId: row.server_id, name: row.server_name, ...figuresOf(row) }))
      // Named people by name; "nobody" (null) last.
      .sort((a, b) =>
        a.serverId === null
          ? 1
          : b.serverId === null
            ? -1
            : (a.name ?? '').localeCompare(b.name ?? ''),
      )
      .sort(byCount);
    const types = of('type')
      .filter((row) => row.type !== null)
      .map((row) => ({ type: row.type!, ...figuresOf(row) }))
      // SPEC's four in their order, then the restaurant's own (decision 087) by key; the page orders those by label.
      .sort((a, b) => typeRank(a.type) - typeRank(b.type) || a.type.localeCompare(b.type));
    const tables = of('table')
      .map((row) => ({
        tableId: row.table_id ?? '',
        number: row.table_number ?? '',
        ...figuresOf(row),
      }))
      .sort((a, b) => a.number.localeCompare(b.number, undefined, { numeric: true }))
      .sort(byCount);
    const days = of('day')
      .filter((row) => row.day !== null)
      .map((row) => ({ date: row.day!, ...figuresOf(row) }))
      .sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0));
    const ratingList = ratings.map((row) => ({
      requestId: row.id,
      ratedAt: Number(row.rated_at),
      stars: Number(row.rating),
      comment: row.rating_comment,
      tableNumber: row.table_number,
      serverName: row.server_name,
    }));
    const busiestHours = hours
      .filter((row) => row.count > 0)
      .sort(byCount)
      .slice(0, BUSIEST_HOURS)
      .map(({ hour, count }) => ({ hour, count }));

    return {
      period: query.period,
      start: bounds.start,
      end: bounds.end,
      timeZone: bounds.timeZone,
      from: bounds.from,
      to: bounds.to,
      totals: figuresOf(of('total')[0]),
      hours,
      servers,
      types,
      tables,
      days,
      ratingList,
      busiestHours,
      visits: visitFiguresOf(visitRows.find((row) => row.day === null)),
      visitDays: visitRows
        .filter((row) => row.day !== null)
        .map((row) => ({ date: row.day!, ...visitFiguresOf(row) }))
        .sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0)),
      duty: dutyRows
        .map((row) => ({
          serverId: row.server_id,
          name: row.name,
          shifts: Number(row.shifts),
          onDutyMs: Number(row.on_duty_ms),
        }))
        .sort((a, b) => b.onDutyMs - a.onDutyMs || a.name.localeCompare(b.name)),
    };
  }
}

const typeRank = (type: string) => {
  const index = (REQUEST_TYPES as readonly string[]).indexOf(type);
  return index === -1 ? REQUEST_TYPES.length : index;
};
