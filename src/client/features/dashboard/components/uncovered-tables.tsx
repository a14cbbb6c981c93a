import { appTableLabel, appText } from '@shared/i18n/app';
import { useI18n } from '../../../lib/i18n';
import { DashboardPanel, LiveBadge, PanelEmpty } from './dashboard-panel';

/**
 * Decision 077: the tables no server covers — no server of their own, none through their section. Their calls go to
 * every server; the owner gives them a server or a staffed section on the Tables screen.
 */
export function UncoveredTables({ tables }: { tables: { id: string; number: string }[] }) {
  const i18n = useI18n();
  return (
    <DashboardPanel
      title={appText(i18n, 'app.dashboard.uncoveredTitle', { count: tables.length })}
      aside={<LiveBadge />}
    >
      {tables.length === 0 ? (
        <PanelEmpty
          title={appText(i18n, 'app.dashboard.allCovered')}
          text={appText(i18n, 'app.dashboard.allCoveredText')}
        />
      ) : (
        <div className="space-y-2 px-4 py-3 sm:px-5">
          <p className="text-sm text-body">{appText(i18n, 'app.dashboard.uncoveredText')}</p>
          <ul role="list" className="flex flex-wrap gap-2">
            {tables.map((table) => (
              <li
                key={table.id}
                className="rounded-full border border-warning-300 bg-warning-100 px-2.5 py-0.5 text-sm font-medium text-warning-950"
              >
                {appTableLabel(i18n, table.number)}
              </li>
            ))}
          </ul>
        </div>
      )}
    </DashboardPanel>
  );
}
