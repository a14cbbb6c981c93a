import type { DashboardActivity } from '@shared/schemas';
import { appTableLabel, appText } from '@shared/i18n/app';
import { useI18n } from '../../../lib/i18n';
import type { I18n } from '@shared/i18n/i18n';
import { RequestTypeIcon } from '../../../components/ui/request-type-icon';
import { useTypeNames } from '../../../lib/type-names';
import { describeActivity, formatClock } from '../api/dashboard-api';
import { DashboardPanel, LiveBadge, PanelEmpty } from './dashboard-panel';

/** Tint of an event's marker: the step it is, not its request type (red only for overdue). */
const KIND_TONE: Record<DashboardActivity['kind'], string> = {
  pressed: 'bg-brand-100 text-brand-800',
  escalated: 'bg-danger-100 text-danger-800',
  taken: 'bg-warning-100 text-warning-900',
  completed: 'bg-success-100 text-success-800',
  dismissed: 'bg-sunken text-body',
  assigned: 'bg-type-server-100 text-type-server-800',
  unassigned: 'bg-type-server-100 text-type-server-800',
};

/** Issue 13: the restaurant's 20 latest events — time, table, what, who — newest first, live. */
export function RecentActivity({
  activity,
  timeZone,
}: {
  activity: DashboardActivity[];
  timeZone: string;
}) {
  const i18n = useI18n();
  const names = useTypeNames();
  return (
    <DashboardPanel title={appText(i18n, 'app.dashboard.recent')} aside={<LiveBadge />}>
      {activity.length === 0 ? (
        <PanelEmpty
          title={appText(i18n, 'app.dashboard.recentEmpty')}
          text={appText(i18n, 'app.dashboard.recentEmptyText')}
        />
      ) : (
        <ol
          aria-label={appText(i18n, 'app.dashboard.recentList')}
          className="divide-y divide-sunken"
        >
          {activity.map((a) => (
            <li key={a.id} className="flex items-center gap-3 px-4 py-2.5 sm:px-5">
              <span
                aria-hidden="true"
                className={`inline-flex size-8 shrink-0 items-center justify-center rounded-control ${KIND_TONE[a.kind]}`}
              >
                {a.requestType ? (
                  <RequestTypeIcon
                    type={a.requestType}
                    requestTypes={names?.requestTypes}
                    className="size-4"
                  />
                ) : (
                  <TableIcon />
                )}
              </span>
              <div className="min-w-0 flex-1">
                <p className="text-sm break-words text-ink">
                  <span className="font-semibold">{appTableLabel(i18n, a.tableNumber)}</span>
                  <span aria-hidden="true" className="text-faint">
                    {' · '}
                  </span>
                  <span className="sr-only">: </span>
                  {describeActivity(a, i18n)}
                </p>
                <p className="truncate text-xs text-muted">{a.by ?? byline(a, i18n)}</p>
              </div>
              <time
                dateTime={new Date(a.at).toISOString()}
                className="shrink-0 text-xs tabular-nums text-muted"
              >
                {formatClock(a.at, timeZone, i18n)}
              </time>
            </li>
          ))}
        </ol>
      )}
    </DashboardPanel>
  );
}

/** Who, when nobody on the staff acted. */
function byline(a: DashboardActivity, i18n: I18n): string {
  if (a.kind === 'pressed') return appText(i18n, 'app.dashboard.byGuest');
  if (a.kind === 'escalated') return appText(i18n, 'app.dashboard.byNotTaken');
  return appText(i18n, 'app.dashboard.byFormer');
}

function TableIcon() {
  return (
    <svg
      viewBox="0 0 24 24"
      className="size-4"
      fill="none"
      stroke="currentColor"
      strokeWidth={2}
      strokeLinecap="round"
      strokeLinejoin="round"
    >
      <path d="M3 10h18M5 10v9M19 10v9M7 6h10l2 4H5l2-4Z" />
    </svg>
  );
}
