import { useId } from 'react';
import { appTableLabel, appText } from '@shared/i18n/app';
import type { Table } from '@shared/schemas';
import { Button } from '../../../components/ui/button';
import { actionFailed, actionSucceeded } from '../../../lib/action-toast';
import { usePendingRequests } from '../../../lib/pending-requests';
import { useI18n } from '../../../lib/i18n';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useErrorToast } from '../../../lib/use-error-toast';
import { useSession } from '../../../lib/session-api';
import { useActiveRestaurant } from '../../../lib/active-restaurant-provider';
import { useAssignTable, useTables, useUnassignTable } from '../api/tables-api';
import { sortTables } from '@shared/table-label';
import { ServerTableCard } from '../components/server-table-card';
import { TableCardSkeletons } from '../components/table-card-skeletons';

const GRID = 'grid gap-4 sm:grid-cols-2 lg:grid-cols-3';

/**
 * SPEC §2 /server/tables ('My Tables'): my tables and tables with no server, each with its pending count
 * (issue 12). Account management moved to its own page (decision 034).
 */
export function ServerTablesPage() {
  const i18n = useI18n();
  useDocumentTitle(appText(i18n, 'app.admin.tables.myTables'));
  const { user } = useSession();
  const { restaurantId } = useActiveRestaurant();
  const tables = useTables(restaurantId);
  const assign = useAssignTable(restaurantId);
  const unassign = useUnassignTable(restaurantId);
  const assignedHeadingId = useId();
  const availableHeadingId = useId();

  const pending = usePendingRequests().byTable;
  useErrorToast(tables.isError, appText(i18n, 'app.admin.tables.loadFailed'));

  const all = sortTables(tables.data ?? []);
  // SPEC §6 and decision 077: a server sees the tables routed to them — their own, those of their sections that
  // have no server of their own, and the uncovered ones; other servers' tables are not shown.
  const mine = all.filter((table) => user !== null && table.serverId === user.id);
  const viaSection = all.filter(
    (table) => user !== null && table.serverId === null && table.sectionServerIds.includes(user.id),
  );
  const available = all.filter(
    (table) => table.serverId === null && table.sectionServerIds.length === 0,
  );

  function handleAssign(table: Table) {
    assign.mutate(table.id, {
      onSuccess: ({ table: updated }) =>
        actionSucceeded(
          'assign-table',
          appText(i18n, 'app.admin.tables.assigned', {
            table: appTableLabel(i18n, updated.number),
          }),
        ),
      onError: () => actionFailed('assign-table', appText(i18n, 'app.admin.tables.assignFailed')),
    });
  }

  function handleUnassign(table: Table) {
    unassign.mutate(table.id, {
      onSuccess: () =>
        actionSucceeded('unassign-table', appText(i18n, 'app.admin.tables.unassignedToast')),
      onError: () =>
        actionFailed('unassign-table', appText(i18n, 'app.admin.tables.unassignFailed')),
    });
  }

  return (
    <div className="space-y-8">
      <h1 className="text-2xl font-bold text-ink">{appText(i18n, 'app.admin.tables.myTables')}</h1>

      {tables.isPending && restaurantId !== null ? (
        <TableCardSkeletons />
      ) : tables.isError && tables.data === undefined ? (
        <div className="rounded-card border border-line bg-white p-6 text-center">
          <p className="text-ink-soft">{appText(i18n, 'app.admin.tables.loadFailed')}</p>
          <Button variant="secondary" className="mt-4" onClick={() => void tables.refetch()}>
            {appText(i18n, 'app.admin.tables.tryAgain')}
          </Button>
        </div>
      ) : (
        <>
          <section aria-labelledby={assignedHeadingId} className="space-y-3">
            <h2 id={assignedHeadingId} className="text-lg font-semibold text-ink">
              {appText(i18n, 'app.admin.tables.myAssigned')}
            </h2>
            {mine.length === 0 && viaSection.length === 0 ? (
              <div className="rounded-card border border-dashed border-line-strong bg-white p-6 text-center">
                <h3 className="font-semibold text-ink">
                  {appText(i18n, 'app.admin.tables.noneAssigned')}
                </h3>
                <p className="mt-1 text-sm text-body">
                  {appText(i18n, 'app.admin.tables.noneAssignedText')}
                </p>
              </div>
            ) : (
              <ul role="list" className={GRID}>
                {mine.map((table) => (
                  <li key={table.id}>
                    <ServerTableCard
                      table={table}
                      kind="assigned"
                      pendingCount={pending.get(table.id) ?? 0}
                      isBusy={unassign.isPending && unassign.variables === table.id}
                      onAction={handleUnassign}
                    />
                  </li>
                ))}
                {viaSection.map((table) => (
                  <li key={table.id}>
                    <ServerTableCard
                      table={table}
                      kind="section"
                      pendingCount={pending.get(table.id) ?? 0}
                      isBusy={assign.isPending && assign.variables === table.id}
                      onAction={handleAssign}
                    />
                  </li>
                ))}
              </ul>
            )}
          </section>

          <section aria-labelledby={availableHeadingId} className="space-y-3">
            <h2 id={availableHeadingId} className="text-lg font-semibold text-ink">
              {appText(i18n, 'app.admin.tables.availableTables')}
            </h2>
            {available.length === 0 ? (
              <p className="rounded-card border border-dashed border-line-strong bg-white p-6 text-center text-sm text-body">
                {appText(i18n, 'app.admin.tables.noneAvailable')}
              </p>
            ) : (
              <ul role="list" className={GRID}>
                {available.map((table) => (
                  <li key={table.id}>
                    <ServerTableCard
                      table={table}
                      kind="available"
                      pendingCount={pending.get(table.id) ?? 0}
                      isBusy={assign.isPending && assign.variables === table.id}
                      onAction={handleAssign}
                    />
                  </li>
                ))}
              </ul>
            )}
          </section>
        </>
      )}
    </div>
  );
}
