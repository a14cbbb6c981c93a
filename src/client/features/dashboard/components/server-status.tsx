import type { DashboardServer } from '@shared/schemas';
import { appText } from '@shared/i18n/app';
import { useI18n } from '../../../lib/i18n';
import { formatWait } from '../api/dashboard-api';
import { DashboardPanel, LiveBadge, PanelEmpty } from './dashboard-panel';

/**
 * Issue 13: every server — online now (a console open, decision 044), tables assigned, open requests, median time
 * to take a request today — as a table; on a phone the figures stay in narrow columns, the name wraps.
 */
export function ServerStatus({ servers }: { servers: DashboardServer[] }) {
  const i18n = useI18n();
  const online = servers.filter((s) => s.online).length;
  return (
    <DashboardPanel title={appText(i18n, 'app.dashboard.servers')} aside={<LiveBadge />}>
      {servers.length === 0 ? (
        <PanelEmpty
          title={appText(i18n, 'app.dashboard.serversEmpty')}
          text={appText(i18n, 'app.dashboard.serversEmptyText')}
        />
      ) : (
        <div className="overflow-x-auto">
          <table className="w-full text-start text-sm">
            <caption className="px-4 pt-3 text-start text-xs text-muted sm:px-5">
              {appText(i18n, 'app.dashboard.serversCaption', { online, total: servers.length })}
            </caption>
            <thead>
              <tr className="text-xs uppercase tracking-wide text-muted">
                <th scope="col" className="px-4 py-2 font-medium sm:px-5">
                  {appText(i18n, 'app.dashboard.colServer')}
                </th>
                <th scope="col" className="px-2 py-2 text-end font-medium">
                  {appText(i18n, 'app.dashboard.colTables')}
                </th>
                <th scope="col" className="px-2 py-2 text-end font-medium">
                  {appText(i18n, 'app.dashboard.colOpen')}
                </th>
                <th scope="col" className="py-2 ps-2 pe-4 text-end font-medium sm:pe-5">
                  <abbr
                    title={appText(i18n, 'app.dashboard.colTakeTitle')}
                    className="no-underline"
                  >
                    {appText(i18n, 'app.dashboard.colTake')}
                  </abbr>
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-sunken">
              {servers.map((s) => (
                <tr key={s.id}>
                  <th scope="row" className="px-4 py-2.5 font-normal sm:px-5">
                    <span className="block font-medium text-ink">{s.name}</span>
                    <span
                      className={`mt-0.5 inline-flex items-center gap-1.5 text-xs ${s.online ? 'text-success-800' : 'text-muted'}`}
                    >
                      <span
                        aria-hidden="true"
                        className={`size-2 rounded-full ${s.online ? 'bg-success-500' : 'bg-line-strong'}`}
                      />
                      {appText(i18n, s.online ? 'app.dashboard.online' : 'app.dashboard.offline')}
                    </span>
                  </th>
                  <td className="px-2 py-2.5 text-end tabular-nums text-ink">{s.tablesAssigned}</td>
                  <td className="px-2 py-2.5 text-end tabular-nums">
                    {s.openRequests > 0 ? (
                      <span className="inline-flex min-w-6 justify-center rounded-full bg-warning-100 px-1.5 font-semibold text-warning-900">
                        {s.openRequests}
                      </span>
                    ) : (
                      <span className="text-muted">0</span>
                    )}
                  </td>
                  <td className="py-2.5 ps-2 pe-4 text-end tabular-nums whitespace-nowrap text-ink sm:pe-5">
                    {s.medianAckSecondsToday === null ? (
                      <>
                        <span aria-hidden="true">—</span>
                        <span className="sr-only">{appText(i18n, 'app.dashboard.noneToday')}</span>
                      </>
                    ) : (
                      formatWait(s.medianAckSecondsToday, i18n)
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </DashboardPanel>
  );
}
