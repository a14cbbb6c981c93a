import { useId, type Ref } from 'react';
import type { Role, SuperAdminUser } from '@shared/schemas';
import { SKELETON_COUNT } from '@shared/constants';
import { appText } from '@shared/i18n/app';
import type { AppMessageId } from '@shared/i18n/compiled/app';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Skeleton } from '../../../components/ui/skeleton';
import { useI18n } from '../../../lib/i18n';

const ROLE_LABELS: Record<Role, AppMessageId> = {
  super_admin: 'app.admin.super.roleSuperAdmin',
  admin: 'app.admin.super.roleAdmin',
  server: 'app.admin.super.roleServer',
};

const COLUMNS: { id: string; label: AppMessageId }[] = [
  { id: 'name', label: 'app.admin.super.colName' },
  { id: 'email', label: 'app.admin.super.colEmail' },
  { id: 'role', label: 'app.admin.super.colRole' },
  { id: 'restaurant', label: 'app.admin.super.colRestaurant' },
  { id: 'status', label: 'app.admin.super.colStatus' },
  { id: 'actions', label: 'app.admin.super.colActions' },
];

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
  const i18n = useI18n();
  return (
    <tr className="border-t border-line">
      <th scope="row" className={`${CELL} text-start font-semibold text-ink`}>
        {user.name}
        {isSelf && (
          <span className="ms-2 text-xs font-medium text-muted">
            {appText(i18n, 'app.admin.super.you')}
          </span>
        )}
      </th>
      <td className={`${CELL} whitespace-nowrap text-ink-soft`}>
        {user.email ?? <Empty label={appText(i18n, 'app.admin.super.noEmail')} />}
      </td>
      <td className={`${CELL} whitespace-nowrap text-ink-soft`}>
        {appText(i18n, ROLE_LABELS[user.role])}
      </td>
      <td className={`${CELL} text-ink-soft`}>
        {user.restaurantName ?? <Empty label={appText(i18n, 'app.admin.super.noRestaurant')} />}
      </td>
      <td className={CELL}>
        {/* SPEC §2's Active, or a server their owner deactivated (decision 068), in the screen's language. */}
        {isActive(user) ? (
          <Badge tone="green">{appText(i18n, 'app.admin.super.active')}</Badge>
        ) : (
          <Badge tone="gray">{appText(i18n, 'app.admin.staff.deactivated')}</Badge>
        )}
      </td>
      <td className={`${CELL} text-end`}>
        {isSelf ? (
          // The server refuses it too (403 cannot_delete_self); the button is not offered at all.
          <span className="text-xs text-muted">
            {appText(i18n, 'app.admin.super.cannotDeleteSelf')}
          </span>
        ) : (
          <Button
            variant="danger"
            aria-label={appText(i18n, 'app.admin.super.deleteName', { name: user.name })}
            onClick={() => onDelete(user)}
          >
            {appText(i18n, 'app.admin.super.delete')}
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
        <td key={column.id} className={CELL}>
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
  const i18n = useI18n();
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
        <caption id={captionId} className="px-4 pb-2 pt-4 text-start">
          <span className="font-semibold text-ink">{caption}</span>
          <span className="block text-xs font-normal text-muted md:hidden">
            {appText(i18n, 'app.admin.super.scrollHint')}
          </span>
        </caption>
        <thead className="bg-canvas text-start text-xs uppercase tracking-wide text-body">
          <tr>
            {COLUMNS.map((column) => (
              <th
                key={column.id}
                scope="col"
                className={`${CELL} font-semibold ${column.id === 'actions' ? 'text-end' : ''}`}
              >
                {appText(i18n, column.label)}
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

/** SPEC §2's status value (an API value, not a text: the badge words it from the catalogue). */
function isActive(user: SuperAdminUser): boolean {
  return user.status === 'Active';
}
