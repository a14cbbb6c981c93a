import type { DashboardResponse } from '@shared/schemas';
import { appTableLabel, appText } from '@shared/i18n/app';
import { useI18n } from '../../../lib/i18n';
import { typeText } from '../../../lib/request-text';
import { useTypeNames } from '../../../lib/type-names';
import { DashboardPanel, LiveBadge, PanelEmpty } from './dashboard-panel';

/**
 * Decision 091: the calls that reached nobody — no device confirmed them in time, even after every server on duty was
 * asked, so they came to the owner. The open ones are listed (oldest first) with how many there were today; the
 * dashboard refetches on every call event, so the panel is live.
 */
export function ReachedNobody({ reached }: { reached: DashboardResponse['reachedNobody'] }) {
  const i18n = useI18n();
  const names = useTypeNames();
  return (
    <DashboardPanel
      title={appText(i18n, 'app.dashboard.reachedNobody.title')}
      aside={
        <span className="flex items-center gap-2">
          <span className="text-sm text-body">
            {appText(i18n, 'app.dashboard.reachedNobody.today', { count: reached.today })}
          </span>
          <LiveBadge />
        </span>
      }
    >
      {reached.open.length === 0 ? (
        <PanelEmpty
          title={appText(i18n, 'app.dashboard.reachedNobody.none')}
          text={appText(i18n, 'app.dashboard.reachedNobody.hint')}
        />
      ) : (
        <div className="space-y-2 px-4 py-3 sm:px-5">
          <p className="text-sm text-body">{appText(i18n, 'app.dashboard.reachedNobody.hint')}</p>
          <ul role="list" className="flex flex-wrap gap-2">
            {reached.open.map((call) => (
              <li
                key={call.id}
                className="rounded-full border border-warning-300 bg-warning-100 px-2.5 py-0.5 text-sm font-medium text-warning-950"
              >
                {appTableLabel(i18n, call.tableNumber ?? call.tableId)} ·{' '}
                {typeText(i18n, call.type, names)}
              </li>
            ))}
          </ul>
        </div>
      )}
    </DashboardPanel>
  );
}
