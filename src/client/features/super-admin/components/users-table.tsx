import { useId, type Ref } from 'react';
import type { Role, SuperAdminUser } from '../../../../shared/schemas';
import { SKELETON_COUNT } from '../../../../shared/constants';
import { MSG } from '../../../../shared/messages';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Skeleton } from '../../../components/ui/skeleton';

const ROLE_LABELS: Record<Role, string> = {
  super_admin: 'Super Admin',
  admin: 'Admin',
  server: 'Server',
};

const COLUMNS = ['Name', 'Email', 'Role', 'Restaurant', 'Status', 'Actions'] as const;

const CELL = 'px-4 py-3 align-middle';

/** A dash for an empty cell, read out as words rather than "dash". */
function Empty({ label }: { label: string }) {
  return (
    <>
      <span aria-hidden="true" className="text-subtle">
        —
      </span>
      <span className="sr-only">{label}</span>
    </>
  );
}

function UserRow({
  user,
  isSelf,
  onDelete,
}: {
  user: SuperAdminUser;
  isSelf: boolean;
  onDelete: (user: SuperAdminUser) => void;
}) {
  return (
    <tr className="border-t border-line">
      <th scope="row" className={`${CELL} text-left font-semibold text-ink`}>
        {user.name}
        {isSelf && <span className="ml-2 text-xs font-medium text-muted">(you)</span>}
      </th>
      <td className={`${CELL} whitespace-nowrap text-ink-soft`}>
        {user.email ?? <Empty label="No email (PIN sign-in)" />}
      </td>
      <td className={`${CELL} whitespace-nowrap text-ink-soft`}>{ROLE_LABELS[user.role]}</td>
      <td className={`${CELL} text-ink-soft`}>
        {user.restaurantName ?? <Empty label="No restaurant" />}
      </td>
      <td className={CELL}>
        {/* SPEC §2: the status is always Active. */}
        <Badge tone="green">{user.status}</Badge>
      </td>
      <td className={`${CELL} text-right`}>
        {isSelf ? (
          // The server refuses it too (403 cannot_delete_self); the button is not offered at all.
          <span className="text-xs text-muted">{MSG.cannotDeleteSelf}</span>
        ) : (
          <Button
            variant="danger"
            aria-label={`Delete ${user.name}`}
            onClick={() => onDelete(user)}
          >
            Delete
          </Button>
        )}
      </td>
    </tr>
  );
}

function SkeletonRows() {
  return Array.from({ length: SKELETON_COUNT }, (_, index) => (
    <tr key={index} aria-hidden="true" className="border-t border-line">
      {COLUMNS.map((column) => (
        <td key={column} className={CELL}>
          <Skeleton className="h-5 w-full max-w-40" />
        </td>
      ))}
    </tr>
  ));
}

export interface UsersTableProps {
  caption: string;
  users: SuperAdminUser[];
  currentUserId: string | null;
  isLoading: boolean;
  /** Shown in place of rows when the (loaded) list is empty. */
  emptyText: string;
  onDelete: (user: SuperAdminUser) => void;
  regionRef?: Ref<HTMLDivElement>;
}

/**
 * SPEC §2: name, email, role, restaurant, status and a Delete action. On a narrow screen the table keeps its
 * columns and scrolls sideways inside a focusable, labelled region (so keyboard users can scroll it too).
 */
export function UsersTable({
  caption,
  users,
  currentUserId,
  isLoading,
  emptyText,
  onDelete,
  regionRef,
}: UsersTableProps) {
  const captionId = useId();
  return (
    <div
      ref={regionRef}
      role="region"
      aria-labelledby={captionId}
      // A scrollable region must be reachable by keyboard (WCAG 2.1.1).
      tabIndex={0}
      // `relative` keeps the cells' absolutely positioned sr-only texts inside the scroller, so they cannot widen
      // the page on a phone.
      className="relative overflow-x-auto rounded-card border border-line bg-white shadow-sm focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-600"
    >
      <table aria-busy={isLoading || undefined} className="w-full min-w-[48rem] text-sm">
        <caption id={captionId} className="px-4 pb-2 pt-4 text-left">
          <span className="font-semibold text-ink">{caption}</span>
          <span className="block text-xs font-normal text-muted md:hidden">
            Scroll sideways to see every column.
          </span>
        </caption>
        <thead className="bg-canvas text-left text-xs uppercase tracking-wide text-body">
          <tr>
            {COLUMNS.map((column) => (
              <th
                key={column}
                scope="col"
                className={`${CELL} font-semibold ${column === 'Actions' ? 'text-right' : ''}`}
              >
                {column}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {isLoading ? (
            <SkeletonRows />
          ) : users.length === 0 ? (
            <tr className="border-t border-line">
              <td colSpan={COLUMNS.length} className="px-4 py-10 text-center text-body">
                {emptyText}
              </td>
            </tr>
          ) : (
            users.map((user) => (
              <UserRow
                key={user.id}
                user={user}
                isSelf={user.id === currentUserId}
                onDelete={onDelete}
              />
            ))
          )}
        </tbody>
      </table>
    </div>
  );
}
