import { useId, useState } from 'react';
import { toast } from '../../../lib/toast';
import { SKELETON_COUNT } from '@shared/constants';
import { appText } from '@shared/i18n/app';
import type { I18n } from '@shared/i18n/i18n';
import type { StaffMember } from '@shared/schemas';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { EmptyState, LoadError } from '../../../components/ui/empty-state';
import { Skeleton } from '../../../components/ui/skeleton';
import { useI18n } from '../../../lib/i18n';
import { richText } from '../../../lib/rich-text';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useErrorToast } from '../../../lib/use-error-toast';
import { useNow } from '../../../lib/use-now';
import { useActiveRestaurant } from '../../../lib/active-restaurant-provider';
import { NoRestaurantNotice } from '../../../components/no-restaurant-notice';
import { useDeleteStaff, useSetStaffActive, useStaff } from '../api/staff-api';
import { AddStaffDialog } from '../components/add-staff-dialog';
import { EditStaffDialog } from '../components/edit-staff-dialog';

const CELL = 'px-3 py-3 text-start align-middle';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** A last sign-in as the screen's language says it: 'just now', '2 minutes ago', '1 hour ago', '3 days ago'. */
function signedInAgo(i18n: I18n, timestamp: number, now: number): string {
  const elapsed = Math.max(0, now - timestamp);
  if (elapsed < MINUTE) return appText(i18n, 'app.admin.staff.justNow');
  const format = new Intl.RelativeTimeFormat(i18n.locale, { numeric: 'always' });
  if (elapsed < HOUR) return format.format(-Math.floor(elapsed / MINUTE), 'minute');
  if (elapsed < DAY) return format.format(-Math.floor(elapsed / HOUR), 'hour');
  return format.format(-Math.floor(elapsed / DAY), 'day');
}

/** SPEC §2 /admin/staff 'Staff Members'. */
export function AdminStaffPage() {
  const i18n = useI18n();
  useDocumentTitle(appText(i18n, 'app.admin.staff.title'));
  const { restaurantId } = useActiveRestaurant();
  const staff = useStaff(restaurantId);
  const deleteStaff = useDeleteStaff();
  const setActive = useSetStaffActive();
  const [adding, setAdding] = useState(false);
  const [toEdit, setToEdit] = useState<StaffMember | null>(null);
  const [toDeactivate, setToDeactivate] = useState<StaffMember | null>(null);
  const [toDelete, setToDelete] = useState<StaffMember | null>(null);
  const captionId = useId();
  useErrorToast(staff.isError, appText(i18n, 'app.admin.staff.loadFailed'));

  const members = [...(staff.data ?? [])].sort((a, b) => a.name.localeCompare(b.name, i18n.locale));

  function confirmDelete() {
    if (toDelete === null || restaurantId === null) return;
    deleteStaff.mutate(
      { restaurantId, userId: toDelete.id },
      {
        onSuccess: () => toast.success(appText(i18n, 'app.admin.staff.deleted')),
        onError: () => toast.error(appText(i18n, 'app.admin.staff.deleteFailed')),
        onSettled: () => setToDelete(null),
      },
    );
  }

  /** Decision 068: deactivated (after a confirmation) or active again (at once: nothing is lost). */
  function changeActive(member: StaffMember, active: boolean) {
    if (restaurantId === null) return;
    setActive.mutate(
      { restaurantId, userId: member.id, active },
      {
        onSuccess: () =>
          toast.success(
            appText(
              i18n,
              active ? 'app.admin.staff.reactivatedToast' : 'app.admin.staff.deactivatedToast',
              { name: member.name },
            ),
          ),
        onError: () => toast.error(appText(i18n, 'app.admin.staff.setActiveFailed')),
        onSettled: () => setToDeactivate(null),
      },
    );
  }

  const actions: StaffActionHandlers = {
    onEdit: setToEdit,
    onDeactivate: setToDeactivate,
    onReactivate: (member) => changeActive(member, true),
    onDelete: setToDelete,
  };

  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <h1 className="text-2xl font-bold text-ink">{appText(i18n, 'app.admin.staff.title')}</h1>
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
            {appText(i18n, 'app.admin.staff.add')}
          </Button>
        )}
      </div>

      {restaurantId === null ? (
        <NoRestaurantNotice />
      ) : staff.isPending ? (
        <div role="status">
          <span className="sr-only">{appText(i18n, 'app.admin.staff.loading')}</span>
          <div aria-hidden="true" className="space-y-2">
            {Array.from({ length: SKELETON_COUNT }, (_, index) => (
              <Skeleton key={index} className="h-14 w-full rounded-card" />
            ))}
          </div>
        </div>
      ) : staff.data === undefined ? (
        <LoadError
          message={appText(i18n, 'app.admin.staff.loadFailed')}
          onRetry={() => void staff.refetch()}
        />
      ) : members.length === 0 ? (
        <EmptyState
          title={appText(i18n, 'app.admin.staff.empty')}
          action={
            <Button onClick={() => setAdding(true)}>{appText(i18n, 'app.admin.staff.add')}</Button>
          }
        >
          {appText(i18n, 'app.admin.staff.emptyText')}
        </EmptyState>
      ) : (
        <>
          {/* A phone gets a card per member, every action in reach without scrolling sideways. */}
          <ul
            aria-label={appText(i18n, 'app.admin.staff.title')}
            className="flex flex-col gap-3 sm:hidden"
          >
            {members.map((member) => (
              <StaffCard key={member.id} member={member} actions={actions} />
            ))}
          </ul>
          {/* From 640 px the table; it scrolls sideways where it must, and the region makes that reachable by keyboard. */}
          <div
            role="region"
            aria-labelledby={captionId}
            tabIndex={0}
            // `relative`: the visually hidden header text is positioned inside the scroll box, not the page.
            className="relative hidden overflow-x-auto rounded-card border border-line bg-white shadow-sm focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-600 sm:block"
          >
            <table className="w-full min-w-[60rem] border-collapse text-sm">
              <caption id={captionId} className="sr-only">
                {appText(i18n, 'app.admin.staff.title')}
              </caption>
              <thead className="bg-canvas text-xs font-semibold uppercase tracking-wide text-body">
                <tr>
                  <th scope="col" className={CELL}>
                    {appText(i18n, 'app.admin.staff.name')}
                  </th>
                  <th scope="col" className={CELL}>
                    {appText(i18n, 'app.admin.staff.email')}
                  </th>
                  <th scope="col" className={CELL}>
                    {appText(i18n, 'app.admin.staff.colServerId')}
                  </th>
                  <th scope="col" className={CELL}>
                    {appText(i18n, 'app.admin.staff.colSignIn')}
                  </th>
                  <th scope="col" className={`${CELL} text-end`}>
                    {appText(i18n, 'app.admin.staff.colTables')}
                  </th>
                  <th scope="col" className={CELL}>
                    {appText(i18n, 'app.admin.staff.colLastSignIn')}
                  </th>
                  <th scope="col" className={CELL}>
                    {appText(i18n, 'app.admin.staff.colStatus')}
                  </th>
                  <th scope="col" className={`${CELL} text-end`}>
                    <span className="sr-only">{appText(i18n, 'app.admin.staff.colActions')}</span>
                  </th>
                </tr>
              </thead>
              <tbody className="divide-y divide-line">
                {members.map((member) => (
                  <StaffRow key={member.id} member={member} actions={actions} />
                ))}
              </tbody>
            </table>
          </div>
        </>
      )}

      {restaurantId !== null && (
        <AddStaffDialog
          open={adding}
          restaurantId={restaurantId}
          onClose={() => setAdding(false)}
        />
      )}

      {restaurantId !== null && (
        <EditStaffDialog
          restaurantId={restaurantId}
          // The list's newest copy, so a change made meanwhile (live, or by this dialog) shows.
          member={toEdit && (members.find((m) => m.id === toEdit.id) ?? toEdit)}
          onClose={() => setToEdit(null)}
        />
      )}

      <ConfirmDialog
        open={toDeactivate !== null}
        title={appText(i18n, 'app.admin.staff.deactivateTitle')}
        message={
          toDeactivate &&
          richText((values) => appText(i18n, 'app.admin.staff.deactivateConfirm', values), {
            name: <strong>{toDeactivate.name}</strong>,
          })
        }
        confirmLabel={appText(i18n, 'app.admin.staff.deactivate')}
        isPending={setActive.isPending}
        onConfirm={() => toDeactivate && changeActive(toDeactivate, false)}
        onCancel={() => setToDeactivate(null)}
      />

      <ConfirmDialog
        open={toDelete !== null}
        title={appText(i18n, 'app.admin.staff.deleteTitle')}
        message={
          toDelete &&
          richText((values) => appText(i18n, 'app.admin.staff.deleteConfirm', values), {
            name: <strong>{toDelete.name}</strong>,
          })
        }
        confirmLabel={appText(i18n, 'app.admin.staff.delete')}
        isPending={deleteStaff.isPending}
        onConfirm={confirmDelete}
        onCancel={() => setToDelete(null)}
      />
    </div>
  );
}

/** What can be done to a member, from a row or a card. */
interface StaffActionHandlers {
  onEdit: (member: StaffMember) => void;
  onDeactivate: (member: StaffMember) => void;
  onReactivate: (member: StaffMember) => void;
  onDelete: (member: StaffMember) => void;
}

/** Edit, deactivate or reactivate, delete: each button described by the member's name (`nameId`). */
function StaffActions({
  member,
  nameId,
  actions,
}: {
  member: StaffMember;
  nameId: string;
  actions: StaffActionHandlers;
}) {
  const i18n = useI18n();
  const deactivated = member.deactivatedAt !== null;
  return (
    <>
      <Button variant="secondary" aria-describedby={nameId} onClick={() => actions.onEdit(member)}>
        {appText(i18n, 'app.admin.staff.edit')}
      </Button>
      {deactivated ? (
        <Button
          variant="secondary"
          aria-describedby={nameId}
          onClick={() => actions.onReactivate(member)}
        >
          {appText(i18n, 'app.admin.staff.reactivate')}
        </Button>
      ) : (
        <Button
          variant="secondary"
          aria-describedby={nameId}
          onClick={() => actions.onDeactivate(member)}
        >
          {appText(i18n, 'app.admin.staff.deactivate')}
        </Button>
      )}
      <Button
        variant="danger-outline"
        aria-describedby={nameId}
        onClick={() => actions.onDelete(member)}
      >
        {appText(i18n, 'app.admin.staff.delete')}
      </Button>
    </>
  );
}

function StatusBadge({ member }: { member: StaffMember }) {
  const i18n = useI18n();
  return member.deactivatedAt !== null ? (
    <Badge tone="gray">{appText(i18n, 'app.admin.staff.deactivated')}</Badge>
  ) : (
    <Badge tone="green">{appText(i18n, 'app.admin.staff.active')}</Badge>
  );
}

function LastSignIn({ member }: { member: StaffMember }) {
  const i18n = useI18n();
  const now = useNow(60_000);
  return member.lastSignInAt === null ? (
    <span className="text-muted">{appText(i18n, 'app.admin.staff.notYet')}</span>
  ) : (
    <time dateTime={new Date(member.lastSignInAt).toISOString()}>
      {signedInAgo(i18n, member.lastSignInAt, now)}
    </time>
  );
}

/** One member on a phone: name and status, what identifies them, then the actions. */
function StaffCard({ member, actions }: { member: StaffMember; actions: StaffActionHandlers }) {
  const i18n = useI18n();
  const nameId = useId();
  const deactivated = member.deactivatedAt !== null;
  const fact = 'flex justify-between gap-3';
  return (
    <li
      className={`rounded-card border border-line p-4 shadow-sm ${deactivated ? 'bg-canvas' : 'bg-white'}`}
    >
      <div className="flex items-start justify-between gap-3">
        {/* h2: the card's heading under the page's h1 (axe heading-order). */}
        <h2
          id={nameId}
          className={`min-w-0 break-words text-base font-semibold ${deactivated ? 'text-body' : 'text-ink'}`}
        >
          {member.name}
        </h2>
        <StatusBadge member={member} />
      </div>
      <dl className="mt-3 flex flex-col gap-1.5 text-sm">
        <div className={fact}>
          <dt className="text-body">
            {appText(
              i18n,
              member.loginId === null ? 'app.admin.staff.email' : 'app.admin.staff.colServerId',
            )}
          </dt>
          <dd
            className={`min-w-0 break-all text-end text-ink-soft ${member.loginId === null ? '' : 'font-mono'}`}
          >
            {member.loginId ?? member.email ?? '—'}
          </dd>
        </div>
        <div className={fact}>
          <dt className="text-body">{appText(i18n, 'app.admin.staff.colSignIn')}</dt>
          <dd className="text-ink-soft">
            {appText(
              i18n,
              member.authMethod === 'pin'
                ? 'app.admin.staff.methodPin'
                : 'app.admin.staff.methodPassword',
            )}
          </dd>
        </div>
        <div className={fact}>
          <dt className="text-body">{appText(i18n, 'app.admin.staff.colTables')}</dt>
          <dd className="tabular-nums text-ink-soft">
            {new Intl.NumberFormat(i18n.locale).format(member.tablesAssigned)}
          </dd>
        </div>
        <div className={fact}>
          <dt className="text-body">{appText(i18n, 'app.admin.staff.colLastSignIn')}</dt>
          <dd className="text-ink-soft">
            <LastSignIn member={member} />
          </dd>
        </div>
      </dl>
      <div className="mt-4 flex flex-wrap gap-2">
        <StaffActions member={member} nameId={nameId} actions={actions} />
      </div>
    </li>
  );
}

function StaffRow({ member, actions }: { member: StaffMember; actions: StaffActionHandlers }) {
  const deactivated = member.deactivatedAt !== null;
  const i18n = useI18n();
  const nameId = useId();
  return (
    <tr className={deactivated ? 'bg-canvas' : 'bg-white'}>
      <th
        id={nameId}
        scope="row"
        className={`${CELL} font-semibold ${deactivated ? 'text-body' : 'text-ink'}`}
      >
        {member.name}
      </th>
      <td className={`${CELL} text-ink-soft`}>
        {member.email ?? <span className="text-muted">—</span>}
      </td>
      <td className={`${CELL} font-mono text-ink-soft`}>
        {member.loginId ?? <span className="font-sans text-muted">—</span>}
      </td>
      <td className={`${CELL} text-ink-soft`}>
        {appText(
          i18n,
          member.authMethod === 'pin'
            ? 'app.admin.staff.methodPin'
            : 'app.admin.staff.methodPassword',
        )}
      </td>
      <td className={`${CELL} text-end tabular-nums text-ink-soft`}>
        {new Intl.NumberFormat(i18n.locale).format(member.tablesAssigned)}
      </td>
      <td className={`${CELL} whitespace-nowrap text-ink-soft`}>
        <LastSignIn member={member} />
      </td>
      <td className={CELL}>
        <StatusBadge member={member} />
      </td>
      <td className={`${CELL} text-end`}>
        <div className="flex justify-end gap-2">
          <StaffActions member={member} nameId={nameId} actions={actions} />
        </div>
      </td>
    </tr>
  );
}
