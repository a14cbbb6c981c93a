import { useEffect, useId, useRef, useState } from 'react';
import { toast } from '../../../lib/toast';
import { appText } from '@shared/i18n/app';
import type { I18n } from '@shared/i18n/i18n';
import type { SuperAdminUser } from '@shared/schemas';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { Spinner } from '../../../components/ui/spinner';
import { useI18n } from '../../../lib/i18n';
import { richText } from '../../../lib/rich-text';
import { useSession } from '../../../lib/session-api';
import { useDeleteUser, useSuperAdminUsers } from '../api/super-admin-api';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import { UsersTable } from './users-table';

/** Typing pauses this long before the list asks the server again. */
const SEARCH_DEBOUNCE_MS = 300;

/** What deleting this user takes with it (SPEC §6 account-deletion rules, applied by the server). */
function deletionConsequence(i18n: I18n, user: SuperAdminUser): string {
  switch (user.role) {
    case 'admin':
      return appText(i18n, 'app.admin.super.consequenceAdmin');
    case 'server':
      return appText(i18n, 'app.admin.super.consequenceServer');
    case 'super_admin':
      return appText(i18n, 'app.admin.super.consequenceSuper');
  }
}

function confirmMessage(i18n: I18n, user: SuperAdminUser) {
  const { email } = user;
  return (
    <>
      <p>
        {richText(
          (values) =>
            email === null
              ? appText(i18n, 'app.admin.super.deleteConfirm', values)
              : appText(i18n, 'app.admin.super.deleteConfirmEmail', { ...values, email }),
          { name: <strong className="font-semibold">{user.name}</strong> },
        )}
      </p>
      <p className="mt-2">{deletionConsequence(i18n, user)}</p>
    </>
  );
}

/** SPEC §2 /super-admin user table: searchable, paged by cursor, each row deletable after confirmation. */
export function UsersSection() {
  const i18n = useI18n();
  const { user: currentUser } = useSession();
  const [searchText, setSearchText] = useState('');
  const search = useDebouncedValue(searchText.trim(), SEARCH_DEBOUNCE_MS);
  const users = useSuperAdminUsers(search);
  const deleteUser = useDeleteUser();
  const [pendingDelete, setPendingDelete] = useState<SuperAdminUser | null>(null);
  const [refocusList, setRefocusList] = useState(false);
  const regionRef = useRef<HTMLDivElement>(null);
  const headingId = useId();
  const searchId = useId();
  const searchHintId = useId();

  // The Delete button that opened the dialog is gone with its row: put focus on the list instead of <body>.
  // This parent effect runs after the dialog's own focus-return effect.
  useEffect(() => {
    if (!refocusList) return;
    regionRef.current?.focus();
    setRefocusList(false);
  }, [refocusList]);

  const rows = users.data?.pages.flatMap((page) => page.users) ?? [];
  // A new search is loading while the previous rows are still shown.
  const isSearching = users.isPlaceholderData || search !== searchText.trim();
  const shownSearch = users.data?.pages[0]?.search ?? search;

  function handleConfirmDelete() {
    if (pendingDelete === null) return;
    deleteUser.mutate(pendingDelete.id, {
      onSuccess: () => {
        setPendingDelete(null);
        setRefocusList(true);
        toast.success(appText(i18n, 'app.admin.super.userDeleted'));
      },
      onError: () => {
        setPendingDelete(null);
        toast.error(appText(i18n, 'app.admin.super.deleteUserFailed'));
      },
    });
  }

  return (
    <section aria-labelledby={headingId} className="space-y-4">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
        <h2 id={headingId} className="text-lg font-semibold text-ink">
          {appText(i18n, 'app.admin.super.users')}
        </h2>
        <div className="flex flex-col gap-1.5 sm:w-80">
          <label htmlFor={searchId} className="text-sm font-medium text-ink-soft">
            {appText(i18n, 'app.admin.super.search')}
          </label>
          <div className="relative">
            <input
              id={searchId}
              type="search"
              value={searchText}
              onChange={(event) => setSearchText(event.target.value)}
              placeholder={appText(i18n, 'app.admin.super.searchPlaceholder')}
              aria-describedby={searchHintId}
              autoComplete="off"
              spellCheck={false}
              maxLength={200}
              className="min-h-11 w-full rounded-control border border-line-strong bg-white px-3 pe-10 text-base text-ink placeholder:text-subtle focus-visible:border-brand-600 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-600/40"
            />
            {isSearching && users.isFetching && (
              <Spinner className="absolute end-3 top-1/2 size-4 -translate-y-1/2 text-subtle" />
            )}
          </div>
          <span id={searchHintId} className="sr-only">
            {appText(i18n, 'app.admin.super.searchHint')}
          </span>
        </div>
      </div>

      {users.isError && users.data === undefined ? (
        <div
          role="alert"
          className="rounded-card border border-danger-200 bg-danger-50 p-5 text-center text-danger-900"
        >
          <p>{appText(i18n, 'app.admin.super.loadUsersFailed')}</p>
          <Button variant="secondary" className="mt-3" onClick={() => void users.refetch()}>
            {appText(i18n, 'app.admin.super.tryAgain')}
          </Button>
        </div>
      ) : (
        <UsersTable
          regionRef={regionRef}
          caption={
            shownSearch === ''
              ? appText(i18n, 'app.admin.super.allUsers')
              : appText(i18n, 'app.admin.super.matching', { search: shownSearch })
          }
          users={rows}
          currentUserId={currentUser?.id ?? null}
          isLoading={users.isPending}
          emptyText={
            shownSearch === ''
              ? appText(i18n, 'app.admin.super.noUsers')
              : appText(i18n, 'app.admin.super.noMatch', { search: shownSearch })
          }
          onDelete={setPendingDelete}
        />
      )}

      {users.data !== undefined && (
        <div className="flex flex-col items-center gap-3">
          <p role="status" className="text-sm text-body">
            {rows.length === 0
              ? ''
              : users.hasNextPage
                ? appText(i18n, 'app.admin.super.showingFirst', { count: rows.length })
                : appText(i18n, 'app.admin.super.showingAll', { count: rows.length })}
          </p>
          {users.isFetchNextPageError && (
            <p role="alert" className="text-sm text-danger-800">
              {appText(i18n, 'app.admin.super.loadUsersFailed')}
            </p>
          )}
          {users.hasNextPage && (
            <Button
              variant="secondary"
              isLoading={users.isFetchingNextPage}
              disabled={isSearching}
              onClick={() => void users.fetchNextPage()}
            >
              {appText(i18n, 'app.admin.super.loadMore')}
            </Button>
          )}
        </div>
      )}

      <ConfirmDialog
        open={pendingDelete !== null}
        title={appText(i18n, 'app.admin.super.deleteTitle')}
        message={pendingDelete === null ? '' : confirmMessage(i18n, pendingDelete)}
        confirmLabel={appText(i18n, 'app.admin.super.delete')}
        isPending={deleteUser.isPending}
        onConfirm={handleConfirmDelete}
        onCancel={() => setPendingDelete(null)}
      />
    </section>
  );
}
