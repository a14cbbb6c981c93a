import { startTransition, useCallback, useEffect, useId, useRef, useState } from 'react';
import { COMPLETED_LIST_CAP } from '@shared/constants';
import { appText } from '@shared/i18n/app';
import type { ServiceRequest } from '@shared/schemas';
import { Button } from '../../../components/ui/button';
import { Skeleton } from '../../../components/ui/skeleton';
import { messageFrom } from '../../../lib/api-client';
import { useI18n } from '../../../lib/i18n';
import { useLiveLostAt, useLiveStatus } from '../../../lib/live-status';
import { useOnline } from '../../../lib/pwa';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useNow } from '../../../lib/use-now';
import { useRestaurant } from '../../../lib/restaurants-api';
import { useSession } from '../../../lib/session-api';
import { useActiveRestaurant } from '../../../lib/active-restaurant-provider';
import { useRequests } from '../api/requests-api';
import { ConsoleControls } from '../components/console-controls';
import { ConsoleFilters } from '../components/console-filters';
import { FloorCoverage } from '../components/floor-coverage';
import { ShiftControl } from '../components/shift-control';
import { useTables } from '../../../lib/floor-api';
import { CompletedRequestCard } from '../components/request-card';
import { TableRow, type LineAction, type RowContext } from '../components/table-row';
import {
  CONSOLE_FILTERS,
  filterCounts,
  firstRows,
  groupByTable,
  matchesFilter,
  type ConsoleFilter,
} from '../lib/console-list';
import { clockText } from '../lib/console-text';
import { StrokeIcon } from '../../../components/ui/request-type-icon';

/** Waiting times tick every second ('45 s', issue 12). */
const ELAPSED_TICK_MS = 1_000;
/**
 * With no open request on the screen only the completed ones' 'N minutes ago' is left to keep true: the quiet console
 * (most of a shift) no longer draws itself again every second, which a phone pays for in battery.
 */
const QUIET_TICK_MS = 15_000;
/**
 * One placeholder line while the list loads, about as tall as "No pending requests." (the usual answer as a shift
 * begins): three made the shift and tables cards below jump up when the list came back empty (Lighthouse: CLS 0.044).
 */
const LOADING_ROWS = 1;
/** Requests drawn at first, and added by each "Show N more" (every open request stays reachable, issue 25). */
const ROWS_STEP = 60;
const FILTER_KEY = 'table-service.console-filter';

/** The filter last chosen on this device (decision 055), All until one is chosen. */
function useConsoleFilter(): [ConsoleFilter, (filter: ConsoleFilter) => void] {
  const [filter, setFilter] = useState<ConsoleFilter>(() => {
    try {
      const saved = window.localStorage.getItem(FILTER_KEY);
      return CONSOLE_FILTERS.find((f) => f === saved) ?? 'all';
    } catch {
      return 'all';
    }
  });
  const choose = useCallback((next: ConsoleFilter) => {
    setFilter(next);
    try {
      window.localStorage.setItem(FILTER_KEY, next);
    } catch {
      // Storage disabled: the choice lasts while the page is open.
    }
  }, []);
  return [filter, choose];
}

/**
 * False for the page's first render, true from the next: the parts below the calls (the shift, the floor's coverage,
 * the completed list) are drawn in a transition, which React draws in slices, so the console's start is not one long
 * task on a phone (issue 25).
 */
function useSecondPass(): boolean {
  const [second, setSecond] = useState(false);
  useEffect(() => {
    startTransition(() => setSecond(true));
  }, []);
  return second;
}

/** Where focus goes after an action (issue 28): decided when the action starts, used once it succeeded. */
interface FocusPlan {
  requestId: string;
  action: LineAction;
  /** The lines after the acted one, in order, when the action started. */
  following: string[];
}

/**
 * After take, complete or dismiss, focus moves to the next line's same action (or its first one), skipping lines
 * that left meanwhile, else to the list itself (issue 28) — never to the top of the page. Left alone when the person
 * already moved on to something else.
 */
function moveFocusAfter(plan: FocusPlan, region: HTMLElement | null): void {
  const active = document.activeElement;
  const acted = region?.querySelector(`[data-request-id="${CSS.escape(plan.requestId)}"]`);
  const lost = active === null || active === document.body || !active.isConnected;
  if (!lost && !(acted && acted.contains(active))) return;
  for (const id of plan.following) {
    const line = region?.querySelector(`[data-request-id="${CSS.escape(id)}"]`);
    const target =
      line?.querySelector<HTMLElement>(`[data-action="${plan.action}"]`) ??
      line?.querySelector<HTMLElement>('[data-action]');
    if (target) {
      target.focus();
      return;
    }
  }
  region?.focus();
}

function OfflineIcon() {
  return (
    <StrokeIcon
      d="M2 8.8a15 15 0 0 1 4.2-2.7M10.7 5.1A15 15 0 0 1 22 8.8M5 12.9a10 10 0 0 1 5.2-2.8M19 12.9a10 10 0 0 0-2.2-1.6M8.5 16.4a5 5 0 0 1 7 0M12 20h.01M2 2l20 20"
      className="size-5 shrink-0"
      strokeWidth="2"
    />
  );
}

/**
 * SPEC §2 /server/requests ('Service Requests'), built for a rush (issue 28, decisions 054/055): every open request
 * the server may see (SPEC §6, the server decides), grouped by table with the longest wait on top, filtered Mine /
 * Unassigned / All. Live events keep it current (app/live-provider.tsx); without the live channel it keeps the last
 * known list and says since when.
 */
export function ServerRequestsPage() {
  const i18n = useI18n();
  useDocumentTitle(appText(i18n, 'app.console.docTitle'));
  const { restaurantId } = useActiveRestaurant();
  const { user } = useSession();
  const requests = useRequests(restaurantId);
  // Decision 096: the staff's note on each table shows on its row.
  const tables = useTables(restaurantId);
  const notes = new Map((tables.data ?? []).map((table) => [table.id, table.note]));
  const restaurant = useRestaurant(restaurantId).data;
  const regionRef = useRef<HTMLElement>(null);
  const focusPlan = useRef<FocusPlan | null>(null);
  const pendingHeadingId = useId();
  const completedHeadingId = useId();
  const panelId = useId();
  const [filter, setFilter] = useConsoleFilter();
  const [rowLimit, setRowLimit] = useState(ROWS_STEP);
  const secondPass = useSecondPass();
  // Issue 28: without the live channel the list may be missing presses: say so, with the time it was last current.
  const online = useOnline();
  const liveStatus = useLiveStatus();
  const lostAt = useLiveLostAt();
  const disconnected = !online || liveStatus === 'offline' || liveStatus === 'reconnecting';
  // Read only while disconnected: a read tracks it, and every refetch would then redraw the page with nothing changed.
  const lastUpdate = disconnected ? (lostAt ?? (requests.dataUpdatedAt || null)) : null;

  const userId = user?.id ?? null;
  const open = requests.data?.pending ?? [];
  const now = useNow(open.length > 0 ? ELAPSED_TICK_MS : QUIET_TICK_MS);
  const counts = filterCounts(open, userId);
  const groups = groupByTable(open.filter((r) => matchesFilter(r, filter, userId)));
  const { shown, hidden } = firstRows(groups, rowLimit);

  const context: RowContext = {
    now,
    escalateAfterMinutes: restaurant?.escalateAfterMinutes ?? null,
    onActionStart: (request, action) => {
      const ids = [
        ...(regionRef.current?.querySelectorAll<HTMLElement>('[data-request-id]') ?? []),
      ].map((line) => line.dataset['requestId'] ?? '');
      focusPlan.current = {
        requestId: request.id,
        action,
        following: ids.slice(ids.indexOf(request.id) + 1),
      };
    },
    onActionDone: (request: ServiceRequest) => {
      const plan = focusPlan.current;
      if (plan?.requestId !== request.id) return;
      focusPlan.current = null;
      // After React has drawn the change (the line left, or lost its "On my way").
      requestAnimationFrame(() => moveFocusAfter(plan, regionRef.current));
    },
  };

  const completed = (requests.data?.completed ?? []).slice(0, COMPLETED_LIST_CAP);
  const offlineTitle = appText(i18n, 'app.console.offlineReconnecting');

  function pendingContent() {
    if (requests.isPending && restaurantId !== null && !disconnected)
      return (
        <div role="status">
          <span className="sr-only">{appText(i18n, 'app.console.loading')}</span>
          <div aria-hidden="true" className="space-y-2">
            {Array.from({ length: LOADING_ROWS }, (_, index) => (
              <Skeleton key={index} className="h-16 w-full rounded-card" />
            ))}
          </div>
        </div>
      );
    // Never "No pending requests." while disconnected: nothing known is not nothing pending (issue 28).
    if (disconnected && open.length === 0)
      return (
        <div className="flex flex-col items-center gap-2 rounded-card border border-dashed border-warning-400 bg-warning-50 p-6 text-center text-warning-950">
          <OfflineIcon />
          <p className="font-semibold">{offlineTitle}</p>
          <p className="text-sm">{appText(i18n, 'app.console.offline')}</p>
        </div>
      );
    if (requests.isError && requests.data === undefined)
      return (
        <div className="rounded-card border border-line bg-white p-6 text-center">
          <p className="text-ink-soft">
            {messageFrom(requests.error, appText(i18n, 'app.console.loadFailed'))}
          </p>
          <Button variant="secondary" className="mt-4" onClick={() => void requests.refetch()}>
            {appText(i18n, 'app.console.tryAgain')}
          </Button>
        </div>
      );
    if (groups.length === 0)
      return (
        <div className="flex flex-col items-center gap-3 rounded-card border border-dashed border-line-strong bg-white p-6 text-center text-sm text-body">
          <p>{appText(i18n, 'app.console.noPending')}</p>
          {filter !== 'all' && counts.all > 0 && (
            <Button variant="secondary" onClick={() => setFilter('all')}>
              {appText(i18n, 'app.console.showAll', { count: counts.all })}
            </Button>
          )}
        </div>
      );
    return (
      <>
        <ul role="list" className="space-y-2">
          {shown.map((group) => (
            <li key={group.tableId}>
              <TableRow group={group} context={context} note={notes.get(group.tableId) ?? null} />
            </li>
          ))}
        </ul>
        {hidden > 0 && (
          <Button
            variant="secondary"
            fullWidth
            className="mt-2"
            onClick={() => setRowLimit((limit) => limit + ROWS_STEP)}
          >
            {appText(i18n, 'app.console.showMore', { count: hidden })}
          </Button>
        )}
      </>
    );
  }

  return (
    <div className="space-y-3 sm:space-y-4">
      <div className="-mt-2 flex items-center gap-3 sm:mt-0">
        <h1
          className="min-w-0 flex-1 text-xl font-bold leading-tight text-ink sm:text-2xl"
          tabIndex={-1}
        >
          {appText(i18n, 'app.console.title')}
        </h1>
        <ConsoleControls />
      </div>
      {disconnected && (
        <p
          role="status"
          className="flex items-center gap-2 rounded-control border border-warning-300 bg-warning-100 px-3 py-2 text-sm text-warning-950"
        >
          <OfflineIcon />
          <span className="min-w-0 flex-1">
            <strong className="font-semibold">{offlineTitle}</strong>
            {lastUpdate !== null && (
              <span className="block text-xs sm:ms-2 sm:inline sm:text-sm">
                {appText(i18n, 'app.console.lastUpdate', { time: clockText(i18n, lastUpdate) })}
              </span>
            )}
          </span>
        </p>
      )}
      <ConsoleFilters value={filter} counts={counts} panelId={panelId} onChange={setFilter} />
      <div role="tabpanel" id={panelId} aria-labelledby={`${panelId}-${filter}`}>
        <section
          ref={regionRef}
          aria-labelledby={pendingHeadingId}
          tabIndex={-1}
          className="space-y-2 rounded-card focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-600 focus-visible:ring-offset-4"
        >
          <h2
            id={pendingHeadingId}
            className="text-xs font-semibold uppercase tracking-wide text-muted sm:text-sm"
          >
            {appText(i18n, 'app.console.pendingHeading')}
          </h2>
          {pendingContent()}
        </section>
      </div>

      {/* Below the calls: during a rush the open requests come first on a phone (issue 28's six rows). */}
      {secondPass && user?.role === 'server' && restaurantId !== null && (
        <ShiftControl restaurantId={restaurantId} />
      )}
      {secondPass && (
        <FloorCoverage
          restaurantId={restaurantId}
          userId={user?.role === 'server' ? user.id : null}
        />
      )}

      {secondPass && completed.length > 0 && (
        <section aria-labelledby={completedHeadingId} className="space-y-2 pt-4">
          <h2
            id={completedHeadingId}
            className="text-xs font-semibold uppercase tracking-wide text-muted sm:text-sm"
          >
            {appText(i18n, 'app.console.completedHeading')}
          </h2>
          <ul role="list" className="space-y-2">
            {completed.map((request) => (
              <li key={request.id}>
                <CompletedRequestCard request={request} now={now} />
              </li>
            ))}
          </ul>
        </section>
      )}
    </div>
  );
}
