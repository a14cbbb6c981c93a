/** The two charts of the analytics page (recharts: only in this route's chunk, router.tsx). */
import {
  Bar,
  BarChart,
  CartesianGrid,
  Legend,
  Line,
  LineChart,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';
import type { AnalyticsResponse } from '@shared/analytics';
import { appText } from '@shared/i18n/app';
import type { AppMessageId } from '@shared/i18n/compiled/app';
import { dirOf, isLocale } from '@shared/i18n/locales';
import { useI18n } from '../../../lib/i18n';
import { PHONE_QUERY, useMediaQuery } from '../../../lib/use-media-query';
import {
  durationAxis,
  formatAxisTick,
  formatDuration,
  formatHour,
  formatHourTick,
} from '../lib/format';
import { textWidth } from '../lib/text-width';

const FONT_SIZE = 12;
const AXIS = { fontSize: FONT_SIZE, fill: '#475569' };
/** recharts draws a tick's text this far from the plot (tickSize 6 + tickMargin 2), plus room to breathe. */
const TICK_GAP = 12;
const GRID = '#e2e8f0';
/** Every third hour labelled; on a phone every sixth, so '12 AM' or '18 Uhr' all fit at 360 px. */
const HOUR_TICKS = [0, 3, 6, 9, 12, 15, 18, 21];
const PHONE_HOUR_TICKS = [0, 6, 12, 18];

type SeriesKey = 'ackMedian' | 'ackP90' | 'completeMedian' | 'completeP90';

/** The response-time lines: their legend names (catalogue ids) and colours. */
const SERIES: Readonly<Record<SeriesKey, { name: AppMessageId; color: string }>> = {
  ackMedian: { name: 'app.settings.analytics.seriesTakeMedian', color: '#1d4ed8' },
  ackP90: { name: 'app.settings.analytics.seriesTakeP90', color: '#93c5fd' },
  completeMedian: { name: 'app.settings.analytics.seriesCompleteMedian', color: '#b45309' },
  completeP90: { name: 'app.settings.analytics.seriesCompleteP90', color: '#fbbf24' },
};

/**
 * Right to left (Arabic, decision 047) the day runs from the right and the value axis stands on the right. The
 * value axis is as wide as its longest label needs (decision 066), so no label is ever cut.
 */
function useChartDirection() {
  const i18n = useI18n();
  const ticks = useMediaQuery(PHONE_QUERY) ? PHONE_HOUR_TICKS : HOUR_TICKS;
  const rtl = isLocale(i18n.locale) && dirOf(i18n.locale) === 'rtl';
  // Room on the far side for the last hour's label (half of it sticks out past the last bar or point).
  const margin = { top: 8, right: rtl ? 0 : 12, bottom: 0, left: rtl ? 12 : 0 };
  const axisWidth = (labels: string[]) =>
    Math.ceil(Math.max(0, ...labels.map((label) => textWidth(label, FONT_SIZE)))) + TICK_GAP;
  return { i18n, rtl, margin, ticks, axisWidth };
}

/** Round steps for a count axis ("0, 5, 10, 15"): recharts' own choice, whose labels are measured here. */
function countTicks(max: number): number[] {
  const top = Math.max(max, 1);
  const step =
    [1, 2, 5, 10, 20, 25, 50, 100, 200, 250, 500, 1000].find((s) => top / s <= 4) ??
    Math.ceil(top / 4);
  return Array.from({ length: Math.ceil(top / step) + 1 }, (_, i) => i * step);
}

export function RequestsPerHourChart({ hours }: { hours: AnalyticsResponse['hours'] }) {
  const { i18n, rtl, margin, ticks, axisWidth } = useChartDirection();
  const data = hours.map((row) => ({ hour: row.hour, requests: row.count }));
  const counts = countTicks(Math.max(0, ...data.map((row) => row.requests)));
  const formatCount = (value: number) => new Intl.NumberFormat(i18n.locale).format(value);
  return (
    <ResponsiveContainer width="100%" height="100%">
      <BarChart data={data} margin={margin} accessibilityLayer={false}>
        <CartesianGrid vertical={false} stroke={GRID} />
        <XAxis
          dataKey="hour"
          ticks={ticks}
          tickFormatter={(hour: number) => formatHourTick(hour, i18n.locale)}
          tick={AXIS}
          tickLine={false}
          axisLine={{ stroke: GRID }}
          reversed={rtl}
        />
        <YAxis
          allowDecimals={false}
          ticks={counts}
          domain={[0, counts.at(-1)!]}
          tickFormatter={formatCount}
          tick={AXIS}
          tickLine={false}
          axisLine={false}
          width={axisWidth(counts.map(formatCount))}
          orientation={rtl ? 'right' : 'left'}
        />
        <Tooltip
          cursor={{ fill: '#eff6ff' }}
          labelFormatter={(hour) => formatHour(Number(hour), i18n.locale)}
          formatter={(value) => [value, appText(i18n, 'app.settings.analytics.requests')]}
        />
        <Bar dataKey="requests" fill="#1d4ed8" radius={[3, 3, 0, 0]} isAnimationActive={false} />
      </BarChart>
    </ResponsiveContainer>
  );
}

export function ResponseTimesChart({ hours }: { hours: AnalyticsResponse['hours'] }) {
  const { i18n, rtl, margin, ticks, axisWidth } = useChartDirection();
  const data = hours.map((row) => ({
    hour: row.hour,
    ackMedian: row.ackMedianMs,
    ackP90: row.ackP90Ms,
    completeMedian: row.completeMedianMs,
    completeP90: row.completeP90Ms,
  }));
  const axis = durationAxis(
    Math.max(
      0,
      ...data.flatMap((row) =>
        [row.ackMedian, row.ackP90, row.completeMedian, row.completeP90].filter(
          (value) => value !== null,
        ),
      ),
    ),
  );
  const formatTick = (ms: number) => formatAxisTick(ms, axis, i18n.locale);
  return (
    <ResponsiveContainer width="100%" height="100%">
      <LineChart data={data} margin={margin} accessibilityLayer={false}>
        <CartesianGrid vertical={false} stroke={GRID} />
        <XAxis
          dataKey="hour"
          ticks={ticks}
          tickFormatter={(hour: number) => formatHourTick(hour, i18n.locale)}
          tick={AXIS}
          tickLine={false}
          axisLine={{ stroke: GRID }}
          reversed={rtl}
        />
        <YAxis
          ticks={axis.ticks}
          domain={[0, axis.ticks.at(-1)!]}
          tickFormatter={formatTick}
          tick={AXIS}
          tickLine={false}
          axisLine={false}
          width={axisWidth(axis.ticks.map(formatTick))}
          orientation={rtl ? 'right' : 'left'}
        />
        <Tooltip
          labelFormatter={(hour) => formatHour(Number(hour), i18n.locale)}
          formatter={(value, name) => [formatDuration(Number(value), i18n.locale), name]}
        />
        <Legend iconType="plainline" wrapperStyle={{ fontSize: 12 }} />
        {(Object.keys(SERIES) as SeriesKey[]).map((key) => (
          <Line
            key={key}
            type="monotone"
            dataKey={key}
            name={appText(i18n, SERIES[key].name)}
            stroke={SERIES[key].color}
            strokeWidth={2}
            strokeDasharray={key.endsWith('P90') ? '5 3' : undefined}
            // Every hour with a figure gets a marker: one hour of data is one point, which a line alone never
            // draws (issue 26). Percentiles are hollow, medians filled, as their lines are dashed and solid.
            dot={{
              r: 3.5,
              strokeWidth: 2,
              strokeDasharray: '',
              fill: key.endsWith('P90') ? '#ffffff' : SERIES[key].color,
            }}
            activeDot={{ r: 5 }}
            connectNulls
            isAnimationActive={false}
          />
        ))}
      </LineChart>
    </ResponsiveContainer>
  );
}
