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
import { formatHour, toMinutes } from '../lib/format';

const AXIS = { fontSize: 12, fill: '#475569' };
const GRID = '#e2e8f0';
/** Every third hour labelled: 8 labels fit at 360 px. */
const HOUR_TICKS = [0, 3, 6, 9, 12, 15, 18, 21];

export const SERIES = {
  ackMedian: { name: 'Take, median', color: '#1d4ed8' },
  ackP90: { name: 'Take, 90th pct.', color: '#93c5fd' },
  completeMedian: { name: 'Complete, median', color: '#b45309' },
  completeP90: { name: 'Complete, 90th pct.', color: '#fbbf24' },
} as const;

export function RequestsPerHourChart({ hours }: { hours: AnalyticsResponse['hours'] }) {
  const data = hours.map((row) => ({ hour: row.hour, requests: row.count }));
  return (
    <ResponsiveContainer width="100%" height="100%">
      <BarChart
        data={data}
        margin={{ top: 8, right: 4, bottom: 0, left: -20 }}
        accessibilityLayer={false}
      >
        <CartesianGrid vertical={false} stroke={GRID} />
        <XAxis
          dataKey="hour"
          ticks={HOUR_TICKS}
          tickFormatter={formatHour}
          tick={AXIS}
          tickLine={false}
          axisLine={{ stroke: GRID }}
        />
        <YAxis allowDecimals={false} tick={AXIS} tickLine={false} axisLine={false} width={44} />
        <Tooltip
          cursor={{ fill: '#eff6ff' }}
          labelFormatter={(hour) => formatHour(Number(hour))}
          formatter={(value) => [value, 'Requests']}
        />
        <Bar dataKey="requests" fill="#1d4ed8" radius={[3, 3, 0, 0]} isAnimationActive={false} />
      </BarChart>
    </ResponsiveContainer>
  );
}

export function ResponseTimesChart({ hours }: { hours: AnalyticsResponse['hours'] }) {
  const data = hours.map((row) => ({
    hour: row.hour,
    ackMedian: toMinutes(row.ackMedianMs),
    ackP90: toMinutes(row.ackP90Ms),
    completeMedian: toMinutes(row.completeMedianMs),
    completeP90: toMinutes(row.completeP90Ms),
  }));
  return (
    <ResponsiveContainer width="100%" height="100%">
      <LineChart
        data={data}
        margin={{ top: 8, right: 4, bottom: 0, left: -20 }}
        accessibilityLayer={false}
      >
        <CartesianGrid vertical={false} stroke={GRID} />
        <XAxis
          dataKey="hour"
          ticks={HOUR_TICKS}
          tickFormatter={formatHour}
          tick={AXIS}
          tickLine={false}
          axisLine={{ stroke: GRID }}
        />
        <YAxis tick={AXIS} tickLine={false} axisLine={false} width={44} unit="m" />
        <Tooltip
          labelFormatter={(hour) => formatHour(Number(hour))}
          formatter={(value, name) => [`${String(value)} min`, name]}
        />
        <Legend iconType="plainline" wrapperStyle={{ fontSize: 12 }} />
        {(Object.keys(SERIES) as (keyof typeof SERIES)[]).map((key) => (
          <Line
            key={key}
            type="monotone"
            dataKey={key}
            name={SERIES[key].name}
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
