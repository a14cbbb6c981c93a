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
import type { AnalyticsResponse } from '../../../../shared/analytics';
import { appText } from '../../../../shared/i18n/app';
import type { AppMessageId } from '../../../../shared/i18n/compiled/app';
import { dirOf, isLocale } from '../../../../shared/i18n/locales';
import { useI18n } from '../../../lib/i18n';
import { PHONE_QUERY, useMediaQuery } from '../../../lib/use-media-query';
import { formatHour, formatHourTick, toMinutes } from '../lib/format';

const AXIS = { fontSize: 12, fill: '#475569' };
const GRID = '#e2e8f0';
/** Every third hour labelled; on a phone every sixth, so '12 AM' or '18 Uhr' all fit at 360 px. */
const HOUR_TICKS = [0, 3, 6, 9, 12, 15, 18, 21];
const PHONE_HOUR_TICKS = [0, 6, 12, 18];

type SeriesKey = 'ackMedian' | 'ackP90' | 'completeMedian' | 'completeP90';

/** The response-time lines: their legend names (catalogue ids) and colours. */
export const SERIES: Readonly<Record<SeriesKey, { name: AppMessageId; color: string }>> = {
  ackMedian: { name: 'app.settings.analytics.seriesTakeMedian', color: '#1d4ed8' },
  ackP90: { name: 'app.settings.analytics.seriesTakeP90', color: '#93c5fd' },
  completeMedian: { name: 'app.settings.analytics.seriesCompleteMedian', color: '#b45309' },
  completeP90: { name: 'app.settings.analytics.seriesCompleteP90', color: '#fbbf24' },
};

/**
 * Right to left (Arabic, decision 047) the day runs from the right and the value axis stands on the right; the
 * margins follow.
 */
function useChartDirection() {
  const i18n = useI18n();
  const ticks = useMediaQuery(PHONE_QUERY) ? PHONE_HOUR_TICKS : HOUR_TICKS;
  const rtl = isLocale(i18n.locale) && dirOf(i18n.locale) === 'rtl';
  const margin = rtl
    ? { top: 8, right: -20, bottom: 0, left: 4 }
    : { top: 8, right: 4, bottom: 0, left: -20 };
  return { i18n, rtl, margin, ticks };
}

export function RequestsPerHourChart({ hours }: { hours: AnalyticsResponse['hours'] }) {
  const { i18n, rtl, margin, ticks } = useChartDirection();
  const data = hours.map((row) => ({ hour: row.hour, requests: row.count }));
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
          tick={AXIS}
          tickLine={false}
          axisLine={false}
          width={44}
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
  const { i18n, rtl, margin, ticks } = useChartDirection();
  const data = hours.map((row) => ({
    hour: row.hour,
    ackMedian: toMinutes(row.ackMedianMs),
    ackP90: toMinutes(row.ackP90Ms),
    completeMedian: toMinutes(row.completeMedianMs),
    completeP90: toMinutes(row.completeP90Ms),
  }));
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
          tick={AXIS}
          tickLine={false}
          axisLine={false}
          width={44}
          unit={appText(i18n, 'app.settings.analytics.minutesUnit')}
          orientation={rtl ? 'right' : 'left'}
        />
        <Tooltip
          labelFormatter={(hour) => formatHour(Number(hour), i18n.locale)}
          formatter={(value, name) => [
            appText(i18n, 'app.settings.analytics.minutesValue', { value: String(value) }),
            name,
          ]}
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
            dot={false}
            connectNulls
            isAnimationActive={false}
          />
        ))}
      </LineChart>
    </ResponsiveContainer>
  );
}
