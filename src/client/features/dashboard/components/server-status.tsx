import type { DashboardServer } from '../../../../shared/schemas';
import { formatWait } from '../api/dashboard-api';
import { DashboardPanel, LiveBadge, PanelEmpty } from './dashboard-panel';

/**
 * Issue 13: every server — online now (a console open, decision 044), tables assigned, open requests, median time
 * to take a request today — as a table; on a phone the figures stay in narrow columns, the name wraps.
 */
export function ServerStatus({ servers }: { servers: DashboardServer[] }) {
  const online = servers.filter((s) => s.online).length;
  return (
    <DashboardPanel title="Server Status" aside={<LiveBadge />}>
      {servers.length === 0 ? (
        <PanelEmpty
          title="No servers yet"
          text="Add servers under Staff; who is online, their tables and open requests will show up here."
        />
      ) : (
        <div className="overflow-x-auto">
          <table className="w-full text-left text-sm">
            <caption className="px-4 pt-3 text-left text-xs text-muted sm:px-5">
              {online} of {servers.length} online now · median wait to take a request, today
            </caption>
            <thead>
              <tr className="text-xs uppercase tracking-wide text-muted">
                <th scope="col" className="px-4 py-2 font-medium sm:px-5">
                  Server
                </th>
                <th scope="col" className="px-2 py-2 text-right font-medium">
                  Tables
                </th>
                <th scope="col" className="px-2 py-2 text-right font-medium">
                  Open
                </th>
                <th scope="col" className="py-2 pl-2 pr-4 text-right font-medium sm:pr-5">
                  <abbr title="Median time to take a request today" className="no-underline">
                    Take
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
                      {s.online ? 'Online' : 'Offline'}
                    </span>
                  </th>
                  <td className="px-2 py-2.5 text-right tabular-nums text-ink">
                    {s.tablesAssigned}
                  </td>
                  <td className="px-2 py-2.5 text-right tabular-nums">
                    {s.openRequests > 0 ? (
                      <span className="inline-flex min-w-6 justify-center rounded-full bg-warning-100 px-1.5 font-semibold text-warning-900">
                        {s.openRequests}
                      </span>
                    ) : (
                      <span className="text-muted">0</span>
                    )}
                  </td>
                  <td className="py-2.5 pl-2 pr-4 text-right tabular-nums whitespace-nowrap text-ink sm:pr-5">
                    {s.medianAckSecondsToday === null ? (
                      <>
                        <span aria-hidden="true">—</span>
                        <span className="sr-only">None today</span>
                      </>
                    ) : (
                      formatWait(s.medianAckSecondsToday)
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
