import { useId, useState } from 'react';
import { useNavigate } from 'react-router';
import { toast } from 'react-toastify';
import { MSG } from '../../../../shared/messages';
import type { Table } from '../../../../shared/schemas';
import { paths } from '../../../../shared/paths';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { EmptyState, LoadError } from '../../../components/ui/empty-state';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useErrorToast } from '../../../lib/use-error-toast';
import { useActiveRestaurant } from '../../../lib/active-restaurant-provider';
import { NoRestaurantNotice } from '../../../components/no-restaurant-notice';
import { useDeleteTable, useTables } from '../api/tables-api';
import { compareTableNumbers } from '../api/tables-cache';
import { AddTableForm } from '../components/add-table-form';
import { AdminTableCard } from '../components/admin-table-card';
import { QrOriginWarning } from '../components/qr-origin-warning';
import { TableCardSkeletons } from '../components/table-card-skeletons';

/** SPEC §2 /admin/tables 'Table Management'. Live 'table.changed' events keep the cards current. */
export function AdminTablesPage() {
  useDocumentTitle('Table Management');
  const { restaurantId } = useActiveRestaurant();
  const tables = useTables(restaurantId);
  const deleteTable = useDeleteTable();
  const navigate = useNavigate();
  const [toDelete, setToDelete] = useState<Table | null>(null);
  const listHeadingId = useId();
  useErrorToast(tables.isError, MSG.loadTablesFailed);

  const sorted = [...(tables.data ?? [])].sort(compareTableNumbers);

  function confirmDelete() {
    if (toDelete === null) return;
    deleteTable.mutate(
      { restaurantId: toDelete.restaurantId, tableId: toDelete.id },
      {
        onSuccess: () => toast.success(MSG.tableDeleted),
        onError: () => toast.error(MSG.deleteTableFailed),
        onSettled: () => setToDelete(null),
      },
    );
  }

  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <h1 className="text-2xl font-bold text-ink">Table Management</h1>
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
            Print all QR codes
          </Button>
        )}
      </div>

      {restaurantId === null ? (
        <NoRestaurantNotice />
      ) : (
        <>
          <QrOriginWarning guestUrl={sorted[0]?.qrCode} />
          <AddTableForm restaurantId={restaurantId} />

          <section aria-labelledby={listHeadingId} className="space-y-3">
            <h2 id={listHeadingId} className="text-lg font-semibold text-ink">
              Tables
              {tables.data && (
                <span className="ml-2 text-sm font-normal text-body">({sorted.length})</span>
              )}
            </h2>
            {tables.isPending ? (
              <TableCardSkeletons />
            ) : tables.data === undefined ? (
              <LoadError message={MSG.loadTablesFailed} onRetry={() => void tables.refetch()} />
            ) : sorted.length === 0 ? (
              <EmptyState title="No tables yet">
                Add your first table above; each table gets its own QR code for guests.
              </EmptyState>
            ) : (
              <ul role="list" className="grid items-start gap-4 sm:grid-cols-2 lg:grid-cols-3">
                {sorted.map((table) => (
                  <li key={table.id}>
                    <AdminTableCard table={table} onDelete={setToDelete} />
                  </li>
                ))}
              </ul>
            )}
          </section>
        </>
      )}

      <ConfirmDialog
        open={toDelete !== null}
        title="Delete Table"
        message={
          toDelete && (
            <>
              Are you sure you want to delete <strong>Table {toDelete.number}</strong>? Its QR code
              stops working and its service requests are deleted. This action cannot be undone.
            </>
          )
        }
        confirmLabel="Delete"
        isPending={deleteTable.isPending}
        onConfirm={confirmDelete}
        onCancel={() => setToDelete(null)}
      />
    </div>
  );
}
