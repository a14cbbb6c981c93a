import { useId } from 'react';
import { appText } from '@shared/i18n/app';
import type { AppMessageId } from '@shared/i18n/compiled/app';
import type { SuperAdminStats } from '@shared/schemas';
import { Button } from '../../../components/ui/button';
import { Skeleton } from '../../../components/ui/skeleton';
import { useI18n } from '../../../lib/i18n';
import { useSuperAdminStats } from '../api/super-admin-api';

/** SPEC §2 shows three sample cards (users, restaurants, active tables); we show the real totals (decision 007). */
const STATS: { key: keyof SuperAdminStats; label: AppMessageId; hint: AppMessageId }[] = [
  {
    key: 'users',
    label: 'app.admin.super.totalUsers',
    hint: 'app.admin.super.totalUsersHint',
  },
  {
    key: 'restaurants',
    label: 'app.admin.super.restaurants',
    hint: 'app.admin.super.restaurantsHint',
  },
  {
    key: 'activeTables',
    label: 'app.admin.super.activeTables',
    hint: 'app.admin.super.activeTablesHint',
  },
];

function StatCard({
  label,
  hint,
  value,
}: {
  label: string;
  hint: string;
  value: number | undefined;
}) {
  const i18n = useI18n();
  const labelId = useId();
  const hintId = useId();
  // A labelled group reads as "Total Users, group, 12" and lets a test find a total by its label.
  return (
    <div
      role="group"
      aria-labelledby={labelId}
      aria-describedby={hintId}
      className="rounded-card border border-line bg-white p-5 shadow-sm"
    >
      <p id={labelId} className="text-sm font-medium text-body">
        {label}
      </p>
      <div className="mt-2 text-3xl font-bold tabular-nums text-ink">
        {value === undefined ? (
          <>
            <Skeleton className="h-9 w-20" />
            <span className="sr-only">{appText(i18n, 'app.admin.super.loading')}</span>
          </>
        ) : (
          <data value={value}>{new Intl.NumberFormat(i18n.locale).format(value)}</data>
        )}
      </div>
      <p id={hintId} className="mt-1 text-xs text-muted">
        {hint}
      </p>
    </div>
  );
}

/** The three totals, with skeletons while they load and a retry when they fail. */
export function StatCards() {
  const i18n = useI18n();
  const stats = useSuperAdminStats();
  const headingId = useId();

  return (
    <section aria-labelledby={headingId}>
      <h2 id={headingId} className="sr-only">
        {appText(i18n, 'app.admin.super.totals')}
      </h2>
      {stats.isError && stats.data === undefined ? (
        <div
          role="alert"
          className="rounded-card border border-danger-200 bg-danger-50 p-5 text-center text-danger-900"
        >
          <p>{appText(i18n, 'app.admin.super.loadStatsFailed')}</p>
          <Button variant="secondary" className="mt-3" onClick={() => void stats.refetch()}>
            {appText(i18n, 'app.admin.super.tryAgain')}
          </Button>
        </div>
      ) : (
        <div aria-busy={stats.isPending || undefined} className="grid gap-4 sm:grid-cols-3">
          {STATS.map((stat) => (
            <StatCard
              key={stat.key}
              label={appText(i18n, stat.label)}
              hint={appText(i18n, stat.hint)}
              value={stats.data?.[stat.key]}
            />
          ))}
        </div>
      )}
    </section>
  );
}
