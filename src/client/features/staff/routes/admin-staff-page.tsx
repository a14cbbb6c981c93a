import { useId, useState } from 'react';
import { toast } from 'react-toastify';
import { SKELETON_COUNT } from '../../../../shared/constants';
import { MSG } from '../../../../shared/messages';
import type { StaffMember } from '../../../../shared/schemas';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { EmptyState, LoadError } from '../../../components/ui/empty-state';
import { Skeleton } from '../../../components/ui/skeleton';
import { formatRelative } from '../../../lib/format-relative';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useErrorToast } from '../../../lib/use-error-toast';
import { useNow } from '../../../lib/use-now';
import { useActiveRestaurant } from '../../../lib/active-restaurant-provider';
import { NoRestaurantNotice } from '../../../components/no-restaurant-notice';
import { useDeleteStaff, useStaff } from '../api/staff-api';
import { AddStaffDialog } from '../components/add-staff-dialog';

/** Not quoted by SPEC (§8 names only the failure): the success counterpart of 'Failed to delete staff member'. */
const STAFF_DELETED = 'Staff member deleted successfully';

const CELL = 'px-4 py-3 text-left align-middle';

/** SPEC §2 /admin/staff 'Staff Members'. */
export function AdminStaffPage() {
  useDocumentTitle('Staff Members');
  const { restaurantId } = useActiveRestaurant();
  const staff = useStaff(restaurantId);
  const deleteStaff = useDeleteStaff();
  const [adding, setAdding] = useState(false);
  const [toDelete, setToDelete] = useState<StaffMember | null>(null);
  const captionId = useId();
  useErrorToast(staff.isError, MSG.loadStaffFailed);

  const members = [...(staff.data ?? [])].sort((a, b) => a.name.localeCompare(b.name));

  function confirmDelete() {
    if (toDelete === null || restaurantId === null) return;
    deleteStaff.mutate(
      { restaurantId, userId: toDelete.id },
      {
        onSuccess: () => toast.success(STAFF_DELETED),
        onError: () => toast.error(MSG.deleteStaffFailed),
        onSettled: () => setToDelete(null),
      },
    );
  }

  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <h1 className="text-2xl font-bold text-ink">Staff Members</h1>
        {restaurantId !== null && (
          <Button onClick={() => setAdding(true)}>
            <svg
              aria-hidden="true"
              viewBox="0 0 24 24"
              className="size-4"
              fill="none"
              stroke="currentColor"
              strokeWidth="2.5"
              strokeLinecap="round"
            >
              <path d="M12 5v14M5 12h14" />
            </svg>
            Add Staff Member
          </Button>
        )}
      </div>

      {restaurantId === null ? (
        <NoRestaurantNotice />
      ) : staff.isPending ? (
        <div role="status">
          <span className="sr-only">Loading staff members</span>
          <div aria-hidden="true" className="space-y-2">
            {Array.from({ length: SKELETON_COUNT }, (_, index) => (
              <Skeleton key={index} className="h-14 w-full rounded-card" />
            ))}
          </div>
        </div>
      ) : staff.data === undefined ? (
        <LoadError message={MSG.loadStaffFailed} onRetry={() => void staff.refetch()} />
      ) : members.length === 0 ? (
        <EmptyState
          title="No staff members yet"
          action={<Button onClick={() => setAdding(true)}>Add Staff Member</Button>}
        >
          Add your servers so they can sign in and take tables.
        </EmptyState>
      ) : (
        // The table scrolls sideways on a narrow phone; the region makes that scroll reachable by keyboard.
        <div
          role="region"
          aria-labelledby={captionId}
          tabIndex={0}
          // `relative`: the visually hidden header text is positioned inside the scroll box, not the page.
          className="relative overflow-x-auto rounded-card border border-line bg-white shadow-sm focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-600"
        >
          <table className="w-full min-w-[56rem] border-collapse text-sm">
            <caption id={captionId} className="sr-only">
              Staff Members
            </caption>
            <thead className="bg-canvas text-xs font-semibold uppercase tracking-wide text-body">
              <tr>
                <th scope="col" className={CELL}>
                  Name
                </th>
                <th scope="col" className={CELL}>
                  Email
                </th>
                <th scope="col" className={CELL}>
                  Server ID
                </th>
                <th scope="col" className={CELL}>
                  Sign-in
                </th>
                <th scope="col" className={`${CELL} text-right`}>
                  Tables
                </th>
                <th scope="col" className={CELL}>
                  Last sign-in
                </th>
                <th scope="col" className={CELL}>
                  Status
                </th>
                <th scope="col" className={`${CELL} text-right`}>
                  <span className="sr-only">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-line">
              {members.map((member) => (
                <StaffRow key={member.id} member={member} onDelete={setToDelete} />
              ))}
            </tbody>
          </table>
        </div>
      )}

      {restaurantId !== null && (
        <AddStaffDialog
          open={adding}
          restaurantId={restaurantId}
          onClose={() => setAdding(false)}
        />
      )}

      <ConfirmDialog
        open={toDelete !== null}
        title="Delete Staff Member"
        message={
          toDelete && (
            <>
              Are you sure you want to delete <strong>{toDelete.name}</strong>? They are signed out
              at once and their tables are unassigned. This action cannot be undone.
            </>
          )
        }
        confirmLabel="Delete"
        isPending={deleteStaff.isPending}
        onConfirm={confirmDelete}
        onCancel={() => setToDelete(null)}
      />
    </div>
  );
}

function StaffRow({
  member,
  onDelete,
}: {
  member: StaffMember;
  onDelete: (member: StaffMember) => void;
}) {
  const nameId = useId();
  const now = useNow(60_000);
  return (
    <tr>
      <th id={nameId} scope="row" className={`${CELL} font-semibold text-ink`}>
        {member.name}
      </th>
      <td className={`${CELL} text-ink-soft`}>
        {member.email ?? <span className="text-muted">—</span>}
      </td>
      <td className={`${CELL} font-mono text-ink-soft`}>
        {member.loginId ?? <span className="font-sans text-muted">—</span>}
      </td>
      <td className={`${CELL} text-ink-soft`}>
        {member.authMethod === 'pin' ? 'Login ID & PIN' : 'Email & password'}
      </td>
      <td className={`${CELL} text-right tabular-nums text-ink-soft`}>{member.tablesAssigned}</td>
      <td className={`${CELL} whitespace-nowrap text-ink-soft`}>
        {member.lastSignInAt === null ? (
          <span className="text-muted">Not yet</span>
        ) : (
          <time dateTime={new Date(member.lastSignInAt).toISOString()}>
            {formatRelative(member.lastSignInAt, now)}
          </time>
        )}
      </td>
      <td className={CELL}>
        <Badge tone="green">Active</Badge>
      </td>
      <td className={`${CELL} text-right`}>
        <Button variant="danger-outline" aria-describedby={nameId} onClick={() => onDelete(member)}>
          Delete
        </Button>
      </td>
    </tr>
  );
}
