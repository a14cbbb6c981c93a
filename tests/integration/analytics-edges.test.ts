/**
 * Issue 26, item 3: analytics at the edges — a period with no data, with one hour of it and with all 24 hours,
 * durations from 1 s to 2 h. The figures come from the API (on PGlite and on PostgreSQL), and the CSV files the page
 * builds from them parse with a real CSV parser, each duration's seconds a number beside its readable text.
 */
import { parse } from 'csv-parse/sync';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { restaurants } from '../../src/server/db/schema';
import { analyticsResponseSchema, type AnalyticsResponse } from '@shared/analytics';
import { messages as english } from '@shared/i18n/compiled/app/en';
import { messages as german } from '@shared/i18n/compiled/app/de';
import { messages as adminEnglish } from '@shared/i18n/compiled/app/admin/en';
import { messages as adminGerman } from '@shared/i18n/compiled/app/admin/de';
import { createI18n } from '@shared/i18n/i18n';
import { toCsv, type TableData } from '../../src/client/features/analytics/lib/csv';
import { formatDuration } from '../../src/client/features/analytics/lib/format';
import {
  hourlyTable,
  serversTable,
  tablesTable,
  typesTable,
} from '../../src/client/features/analytics/lib/tables';
import { makeFloor, seedRequest } from '../support/factories';
import { createTestApp, request, type TestApp } from '../support/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const SEC = 1000;
const MIN = 60 * SEC;
const DAY = '2026-06-10';
const at = (hour: number, minute = 0) => Date.UTC(2026, 5, 10, hour, minute);
// The analytics screen's texts are in the catalogue's admin part (decision 104).
const en = createI18n('en', { ...english, ...adminEnglish });
const de = createI18n('de', { ...german, ...adminGerman });

/** A restaurant in UTC with its owner's cookie. */
async function floor() {
  const f = await makeFloor(t);
  await t.database.db
    .update(restaurants)
    .set({ timeZone: 'UTC' })
    .where(eq(restaurants.id, f.restaurant.id));
  return f;
}

async function day(restaurantId: string, cookie: string): Promise<AnalyticsResponse> {
  const res = await request(t, 'GET', `/api/restaurants/${restaurantId}/analytics?date=${DAY}`, {
    cookie,
  });
  expect(res.statusCode, res.body).toBe(200);
  return analyticsResponseSchema.parse(res.json());
}

/** The CSV as a spreadsheet reads it: RFC 4180 parsing, every row as wide as the header. */
function parsedCsv(table: TableData): string[][] {
  const rows: string[][] = parse(toCsv(table), { relax_column_count: false });
  expect(rows[0]).toHaveLength(table.columns.length + 4);
  return rows;
}

/** A column of a parsed CSV by its header. */
const column = (rows: string[][], header: string) => {
  const index = rows[0]!.indexOf(header);
  expect(index, header).toBeGreaterThan(-1);
  return rows.slice(1).map((row) => row[index]!);
};

/** The 24 response times of the full day: 1 s at midnight growing evenly (on a log scale) to 2 h at 23:00. */
const takeMs = (hour: number) => Math.round(SEC * 7200 ** (hour / 23));

/** PostgreSQL's percentile_cont: linear interpolation between the closest ranks. */
function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  const rank = p * (sorted.length - 1);
  const low = Math.floor(rank);
  return sorted[low]! + (rank - low) * ((sorted[low + 1] ?? sorted[low]!) - sorted[low]!);
}

describe('analytics at the edges (issue 26)', () => {
  it('with no data: 24 empty hours, no times, and CSVs of dashes and empty seconds that still parse', async () => {
    const { restaurant, adminCookie } = await floor();
    const data = await day(restaurant.id, adminCookie);
    expect(data.totals).toMatchObject({ count: 0, ackMedianMs: null, completeP90Ms: null });
    expect(data.hours).toHaveLength(24);
    expect(data.hours.every((h) => h.count === 0 && h.ackMedianMs === null)).toBe(true);

    const rows = parsedCsv(hourlyTable(en, data.hours));
    expect(rows).toHaveLength(25);
    expect(rows[0]).toEqual([
      'Hour',
      'Requests',
      'Escalated',
      'Take (median)',
      'take_median_seconds',
      'Take (p90)',
      'take_p90_seconds',
      'Complete (median)',
      'complete_median_seconds',
      'Complete (p90)',
      'complete_p90_seconds',
    ]);
    expect(new Set(column(rows, 'Take (median)'))).toEqual(new Set(['—']));
    expect(new Set(column(rows, 'take_median_seconds'))).toEqual(new Set(['']));
    for (const table of [serversTable(en, data), typesTable(en, data, null), tablesTable(en, data)])
      expect(parsedCsv(table)).toHaveLength(1);
  });

  it('with one hour of data: that hour and the totals hold the one request, to the second', async () => {
    const { restaurant, table, server, adminCookie } = await floor();
    await seedRequest(t, {
      restaurantId: restaurant.id,
      tableId: table.id,
      createdAt: at(12, 10),
      by: server.user.id,
      ackAfter: 24 * SEC,
      completeAfter: 4 * MIN,
    });
    const data = await day(restaurant.id, adminCookie);
    expect(data.totals).toMatchObject({
      count: 1,
      completed: 1,
      ackMedianMs: 24 * SEC,
      ackP90Ms: 24 * SEC,
      completeMedianMs: 4 * MIN,
    });
    expect(data.hours.filter((h) => h.count > 0).map((h) => h.hour)).toEqual([12]);
    expect(data.busiestHours).toEqual([{ hour: 12, count: 1 }]);

    const rows = parsedCsv(hourlyTable(en, data.hours));
    expect(column(rows, 'take_median_seconds')[12]).toBe('24');
    expect(column(rows, 'complete_median_seconds')[12]).toBe('240');
    expect(column(rows, 'Take (median)')[12]).toBe(formatDuration(24 * SEC, 'en'));
    expect(column(rows, 'take_median_seconds')[11]).toBe('');

    const servers = parsedCsv(serversTable(en, data));
    expect(servers.slice(1).map((row) => [row[0], row[1]])).toEqual([[server.user.name, '1']]);
    expect(column(servers, 'complete_p90_seconds')).toEqual(['240']);
  });

  it('with all 24 hours and times from 1 s to 2 h: every hour, every percentile and every CSV number exact', async () => {
    const { restaurant, table, server, adminCookie } = await floor();
    for (let hour = 0; hour < 24; hour++) {
      await seedRequest(t, {
        restaurantId: restaurant.id,
        tableId: table.id,
        createdAt: at(hour, 30),
        by: server.user.id,
        ackAfter: takeMs(hour),
        completeAfter: takeMs(hour) + 30 * SEC,
        type: hour % 2 === 0 ? 'order' : 'bill',
      });
    }
    expect(takeMs(0)).toBe(SEC);
    expect(takeMs(23)).toBe(120 * MIN);

    const data = await day(restaurant.id, adminCookie);
    const takes = Array.from({ length: 24 }, (_, hour) => takeMs(hour));
    expect(data.totals.count).toBe(24);
    expect(data.totals.ackMedianMs).toBe(Math.round(percentile(takes, 0.5)));
    expect(data.totals.ackP90Ms).toBe(Math.round(percentile(takes, 0.9)));
    expect(data.totals.completeP90Ms).toBe(
      Math.round(
        percentile(
          takes.map((ms) => ms + 30 * SEC),
          0.9,
        ),
      ),
    );
    for (const h of data.hours) {
      expect(h, `hour ${h.hour}`).toMatchObject({
        count: 1,
        ackMedianMs: takeMs(h.hour),
        completeMedianMs: takeMs(h.hour) + 30 * SEC,
      });
    }

    // English and German: text cells with commas ("1 Std., 5 Min.") are quoted, the seconds are plain numbers.
    for (const i18n of [en, de]) {
      const hourly = hourlyTable(i18n, data.hours);
      const rows = parsedCsv(hourly);
      const take = hourly.columns[3]!.label;
      expect(rows[0]!.slice(3, 5)).toEqual([take, 'take_median_seconds']);
      expect(column(rows, 'take_median_seconds').map(Number)).toEqual(takes.map((ms) => ms / 1000));
      expect(column(rows, 'complete_median_seconds').map(Number)).toEqual(
        takes.map((ms) => (ms + 30 * SEC) / 1000),
      );
      expect(column(rows, take)).toEqual(takes.map((ms) => formatDuration(ms, i18n.locale)));
      const average =
        column(rows, 'take_median_seconds')
          .map(Number)
          .reduce((sum, s) => sum + s, 0) / 24;
      expect(average).toBeCloseTo(takes.reduce((sum, ms) => sum + ms, 0) / 24 / 1000, 6);
    }
    expect(formatDuration(takeMs(23), 'de')).toContain('Std.');
    expect(formatDuration(takeMs(0), 'en')).toBe('1 sec');

    const types = parsedCsv(typesTable(de, data, null));
    expect(types.slice(1).map((row) => row[1])).toEqual(['12', '12']);
    expect(column(types, 'take_p90_seconds').every((s) => Number(s) > 0)).toBe(true);
    const tables = parsedCsv(tablesTable(en, data));
    expect(column(tables, 'complete_p90_seconds')).toEqual([
      String(
        Math.round(
          percentile(
            takes.map((ms) => ms + 30 * SEC),
            0.9,
          ),
        ) / 1000,
      ),
    ]);
  });
});
