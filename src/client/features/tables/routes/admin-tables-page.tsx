import { useId, useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import { toast } from '../../../lib/toast';
import { appTableLabel, appText } from '@shared/i18n/app';
import type { Table } from '@shared/schemas';
import { paths } from '@shared/paths';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { EmptyState, LoadError } from '../../../components/ui/empty-state';
import { useI18n } from '../../../lib/i18n';
import { richText } from '../../../lib/rich-text';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useErrorToast } from '../../../lib/use-error-toast';
import { useActiveRestaurant } from '../../../lib/active-restaurant-provider';
import { NoRestaurantNotice } from '../../../components/no-restaurant-notice';
import {
  useDeleteTable,
  useDeleteTables,
  useRegenerateTableCodes,
  useTables,
} from '../api/tables-api';
import { AddTableForm } from '../components/add-table-form';
import { AdminTableCard } from '../components/admin-table-card';
import { RenameTableDialog } from '../components/rename-table-dialog';
import { SelectionBar } from '../components/selection-bar';
import { sortTables } from '@shared/table-label';
import { QrOriginWarning } from '../components/qr-origin-warning';
import { TableCardSkeletons } from '../components/table-card-skeletons';
import { useSections, useSetTableServer, useSetTablesSection } from '../api/sections-api';
import { SectionsManager } from '../components/sections-manager';
import { SectionPicker } from '../components/section-picker';
import { useStaff } from '../../../lib/floor-api';

/** SPEC §2 /admin/tables 'Table Management'. Live 'table.changed' events keep the cards current. */
export function AdminTablesPage() {
  const i18n = useI18n();
  useDocumentTitle(appText(i18n, 'app.admin.tables.management'));
  const { restaurantId } = useActiveRestaurant();
  const tables = useTables(restaurantId);
  const deleteTable = useDeleteTable();
  const deleteTables = useDeleteTables();
  const regenerate = useRegenerateTableCodes();
  const [confirmRegenerate, setConfirmRegenerate] = useState(false);
  const sections = useSections(restaurantId);
  const staff = useStaff(restaurantId);
  const moveTables = useSetTablesSection();
  const setServer = useSetTableServer();
  const activeServers = useMemo(
    () =>
      (staff.data ?? [])
        .filter((m) => m.deactivatedAt === null)
        .map(({ id, name }) => ({ id, name }))
        .sort((a, b) => a.name.localeCompare(b.name, undefined, { numeric: true })),
    [staff.data],
  );
  const navigate = useNavigate();
  const [toDelete, setToDelete] = useState<Table | null>(null);
  const [toRename, setToRename] = useState<Table | null>(null);
  /** Selection mode (delete several at once): null when off, else the selected tables' ids. */
  const [selected, setSelected] = useState<ReadonlySet<string> | null>(null);
  const [confirmMany, setConfirmMany] = useState(false);
  const listHeadingId = useId();
  useErrorToast(tables.isError, appText(i18n, 'app.admin.tables.loadFailed'));

  const sorted = useMemo(() => sortTables(tables.data ?? []), [tables.data]);
  const numbers = useMemo(() => new Set(sorted.map((t) => t.number)), [sorted]);
  // A table deleted meanwhile (here or live, elsewhere) leaves the selection too.
  const chosen = selected === null ? [] : sorted.filter((t) => selected.has(t.id));

  function toggle(tableId: string) {
    setSelected((current) => {
      const next = new Set(current);
      if (!next.delete(tableId)) next.add(tableId);
      return next;
    });
  }

  function confirmDeleteMany() {
    if (restaurantId === null || chosen.length === 0) return;
    const count = chosen.length;
    deleteTables.mutate(
      { restaurantId, tableIds: chosen.map((t) => t.id) },
      {
        onSuccess: () => {
          toast.success(appText(i18n, 'app.admin.tables.deletedMany', { count }));
          setSelected(null);
        },
        onError: () => toast.error(appText(i18n, 'app.admin.tables.deleteFailed')),
        onSettled: () => setConfirmMany(false),
      },
    );
  }

  function moveSelected(sectionId: string | null) {
    if (restaurantId === null || chosen.length === 0) return;
    const count = chosen.length;
    const name = sections.data?.find((s) => s.id === sectionId)?.name;
    moveTables.mutate(
      { restaurantId, tableIds: chosen.map((t) => t.id), sectionId },
      {
        onSuccess: () => {
          toast.success(
            name === undefined
              ? appText(i18n, 'app.admin.sections.movedOut', { count })
              : appText(i18n, 'app.admin.sections.moved', { count, section: name }),
          );
          setSelected(null);
        },
        onError: () => toast.error(appText(i18n, 'app.admin.sections.saveFailed')),
      },
    );
  }

  function changeServer(table: Table, serverId: string | null) {
    setServer.mutate(
      { tableId: table.id, serverId },
      {
        onSuccess: ({ table: updated }) =>
          toast.success(
            appText(i18n, 'app.admin.sections.serverSaved', {
              table: appTableLabel(i18n, updated.number),
            }),
          ),
        onError: () => toast.error(appText(i18n, 'app.admin.sections.serverFailed')),
      },
    );
  }

  function confirmDelete() {
    if (toDelete === null) return;
    deleteTable.mutate(
      { restaurantId: toDelete.restaurantId, tableId: toDelete.id },
      {
        onSuccess: () => toast.success(appText(i18n, 'app.admin.tables.deleted')),
        onError: () => toast.error(appText(i18n, 'app.admin.tables.deleteFailed')),
        onSettled: () => setToDelete(null),
      },
    );
  }

  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <h1 className="text-2xl font-bold text-ink">
          {appText(i18n, 'app.admin.tables.management')}
        </h1>
        {restaurantId !== null && (
          <Button
            variant="secondary"
            disabled={sorted.length === 0}
            onClick={() => void navigate(paths.adminTablesPrint)}
          >
            <svg
              aria-hidden="true"
              viewBox="0 0 24 24"
              className="size-4"
              fill="none"
              stroke="currentColor"
              strokeWidth="2"
              strokeLinejoin="round"
            >
              <path d="M7 9V3h10v6M7 17H4v-8h16v8h-3M7 14h10v7H7v-7Z" />
            </svg>
            {appText(i18n, 'app.admin.tables.printAll')}
          </Button>
        )}
        {restaurantId !== null && (
          <Button
            variant="secondary"
            disabled={sorted.length === 0}
            onClick={() => setConfirmRegenerate(true)}
          >
            {appText(i18n, 'app.admin.tables.regenerate')}
          </Button>
        )}
      </div>

      {restaurantId === null ? (
        <NoRestaurantNotice />
      ) : (
        <>
          <QrOriginWarning guestUrl={sorted[0]?.qrCode} />
          <AddTableForm restaurantId={restaurantId} existing={numbers} />
          <SectionsManager
            restaurantId={restaurantId}
            sections={sections.data}
            isPending={sections.isPending}
            tables={sorted}
            staff={staff.data ?? []}
          />

          <section
            aria-labelledby={listHeadingId}
            // While selecting, room under the last cards for the bar fixed to the bottom.
            className={`space-y-3 ${selected === null ? '' : 'pb-36 sm:pb-24'}`}
          >
            <div className="flex flex-wrap items-center justify-between gap-2">
              <h2 id={listHeadingId} className="text-lg font-semibold text-ink">
                {appText(i18n, 'app.admin.tables.tables')}
                {tables.data && (
                  <span className="ms-2 text-sm font-normal text-body">
                    {appText(i18n, 'app.admin.tables.count', { count: sorted.length })}
                  </span>
                )}
              </h2>
              {selected === null && sorted.length > 0 && (
                <Button variant="secondary" onClick={() => setSelected(new Set())}>
                  {appText(i18n, 'app.admin.tables.select')}
                </Button>
              )}
            </div>
            {selected !== null && (
              <SelectionBar
                count={chosen.length}
                total={sorted.length}
                onSelectAll={() => setSelected(new Set(sorted.map((t) => t.id)))}
                onClear={() => setSelected(new Set())}
                onDelete={() => setConfirmMany(true)}
                onDone={() => setSelected(null)}
                sectionPicker={
                  (sections.data?.length ?? 0) > 0 && (
                    <SectionPicker
                      sections={sections.data ?? []}
                      count={chosen.length}
                      isBusy={moveTables.isPending}
                      onMove={moveSelected}
                    />
                  )
                }
              />
            )}
            {tables.isPending ? (
              <TableCardSkeletons />
            ) : tables.data === undefined ? (
              <LoadError
                message={appText(i18n, 'app.admin.tables.loadFailed')}
                onRetry={() => void tables.refetch()}
              />
            ) : sorted.length === 0 ? (
              <EmptyState title={appText(i18n, 'app.admin.tables.noTables')}>
                {appText(i18n, 'app.admin.tables.adminEmpty')}
              </EmptyState>
            ) : (
              <ul role="list" className="grid items-start gap-4 sm:grid-cols-2 lg:grid-cols-3">
                {sorted.map((table) => (
                  <li key={table.id}>
                    <AdminTableCard
                      table={table}
                      onDelete={setToDelete}
                      onRename={setToRename}
                      servers={activeServers}
                      onServerChange={changeServer}
                      serverBusy={setServer.isPending && setServer.variables.tableId === table.id}
                      selection={
                        selected === null
                          ? undefined
                          : { selected: selected.has(table.id), onToggle: () => toggle(table.id) }
                      }
                    />
                  </li>
                ))}
              </ul>
            )}
          </section>
        </>
      )}

      <ConfirmDialog
        open={toDelete !== null}
        title={appText(i18n, 'app.admin.tables.deleteTitle')}
        message={
          toDelete &&
          richText((values) => appText(i18n, 'app.admin.tables.deleteConfirm', values), {
            table: <strong>{appTableLabel(i18n, toDelete.number)}</strong>,
          })
        }
        confirmLabel={appText(i18n, 'app.admin.tables.delete')}
        isPending={deleteTable.isPending}
        onConfirm={confirmDelete}
        onCancel={() => setToDelete(null)}
      />
      <ConfirmDialog
        open={confirmMany}
        title={appText(i18n, 'app.admin.tables.deleteManyTitle', { count: chosen.length })}
        message={appText(i18n, 'app.admin.tables.deleteManyConfirm', { count: chosen.length })}
        confirmLabel={appText(i18n, 'app.admin.tables.delete')}
        isPending={deleteTables.isPending}
        onConfirm={confirmDeleteMany}
        onCancel={() => setConfirmMany(false)}
      />
      {/* Decision 089: every printed code stops working, so the owner confirms in the app's own dialog. */}
      <ConfirmDialog
        open={confirmRegenerate}
        title={appText(i18n, 'app.admin.tables.regenerateTitle')}
        message={appText(i18n, 'app.admin.tables.regenerateConfirm')}
        confirmLabel={appText(i18n, 'app.admin.tables.regenerate')}
        isPending={regenerate.isPending}
        onConfirm={() => {
          if (restaurantId === null) return;
          regenerate.mutate(restaurantId, {
            onSuccess: () => toast.success(appText(i18n, 'app.admin.tables.regenerated')),
            onError: () => toast.error(appText(i18n, 'app.admin.tables.regenerateFailed')),
            onSettled: () => setConfirmRegenerate(false),
          });
        }}
        onCancel={() => setConfirmRegenerate(false)}
      />
      <RenameTableDialog
        table={toRename}
        others={new Set([...numbers].filter((n) => n !== toRename?.number))}
        onClose={() => setToRename(null)}
      />
    </div>
  );
}
