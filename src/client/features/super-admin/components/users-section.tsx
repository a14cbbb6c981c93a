import { useEffect, useId, useRef, useState } from 'react';
import { toast } from 'react-toastify';
import { MSG } from '../../../../shared/messages';
import type { SuperAdminUser } from '../../../../shared/schemas';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { Spinner } from '../../../components/ui/spinner';
import { useSession } from '../../../lib/session-api';
import { useDeleteUser, useSuperAdminUsers } from '../api/super-admin-api';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import { UsersTable } from './users-table';

/** Typing pauses this long before the list asks the server again. */
const SEARCH_DEBOUNCE_MS = 300;

// Product texts (SPEC §8 names only the failure toast 'Failed to delete user').
const USER_DELETED = 'User deleted successfully';
const LOAD_USERS_FAILED = 'Failed to load users';

/** What deleting this user takes with it (SPEC §6 account-deletion rules, applied by the server). */
function deletionConsequence(user: SuperAdminUser): string {
  switch (user.role) {
    case 'admin':
      return 'Their restaurants, with all tables, requests and servers, are deleted too.';
    case 'server':
      return 'Their assigned tables are unassigned and they are signed out everywhere.';
    case 'super_admin':
      return 'They lose access to the super admin area and are signed out everywhere.';
  }
}

function confirmMessage(user: SuperAdminUser) {
  return (
    <>
      <p>
        Are you sure you want to delete <strong className="font-semibold">{user.name}</strong>
        {user.email !== null && <> ({user.email})</>}? This action cannot be undone.
      </p>
      <p className="mt-2">{deletionConsequence(user)}</p>
    </>
  );
}

/** SPEC §2 /super-admin user table: searchable, paged by cursor, each row deletable after confirmation. */
export function UsersSection() {
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
        toast.success(USER_DELETED);
      },
      onError: () => {
        setPendingDelete(null);
        toast.error(MSG.deleteUserFailed);
      },
    });
  }

  return (
    <section aria-labelledby={headingId} className="space-y-4">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
        <h2 id={headingId} className="text-lg font-semibold text-ink">
          Users
        </h2>
        <div className="flex flex-col gap-1.5 sm:w-80">
          <label htmlFor={searchId} className="text-sm font-medium text-ink-soft">
            Search users
          </label>
          <div className="relative">
            <input
              id={searchId}
              type="search"
              value={searchText}
              onChange={(event) => setSearchText(event.target.value)}
              placeholder="Name, email or login ID"
              aria-describedby={searchHintId}
              autoComplete="off"
              spellCheck={false}
              maxLength={200}
              className="min-h-11 w-full rounded-control border border-line-strong bg-white px-3 pr-10 text-base text-ink placeholder:text-subtle focus-visible:border-brand-600 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-600/40"
            />
            {isSearching && users.isFetching && (
              <Spinner className="absolute right-3 top-1/2 size-4 -translate-y-1/2 text-subtle" />
            )}
          </div>
          <span id={searchHintId} className="sr-only">
            Results update as you type.
          </span>
        </div>
      </div>

      {users.isError && users.data === undefined ? (
        <div
          role="alert"
          className="rounded-card border border-danger-200 bg-danger-50 p-5 text-center text-danger-900"
        >
          <p>{LOAD_USERS_FAILED}</p>
          <Button variant="secondary" className="mt-3" onClick={() => void users.refetch()}>
            Try again
          </Button>
        </div>
      ) : (
        <UsersTable
          regionRef={regionRef}
          caption={shownSearch === '' ? 'All users' : `Users matching “${shownSearch}”`}
          users={rows}
          currentUserId={currentUser?.id ?? null}
          isLoading={users.isPending}
          emptyText={shownSearch === '' ? 'No users yet.' : `No users match “${shownSearch}”.`}
          onDelete={setPendingDelete}
        />
      )}

      {users.data !== undefined && (
        <div className="flex flex-col items-center gap-3">
          <p role="status" className="text-sm text-body">
            {rows.length === 0
              ? ''
              : users.hasNextPage
                ? `Showing the first ${rows.length} users.`
                : `Showing all ${rows.length} ${rows.length === 1 ? 'user' : 'users'}.`}
          </p>
          {users.isFetchNextPageError && (
            <p role="alert" className="text-sm text-danger-800">
              {LOAD_USERS_FAILED}
            </p>
          )}
          {users.hasNextPage && (
            <Button
              variant="secondary"
              isLoading={users.isFetchingNextPage}
              disabled={isSearching}
              onClick={() => void users.fetchNextPage()}
            >
              Load more
            </Button>
          )}
        </div>
      )}

      <ConfirmDialog
        open={pendingDelete !== null}
        title="Delete User"
        message={pendingDelete === null ? '' : confirmMessage(pendingDelete)}
        confirmLabel="Delete"
        isPending={deleteUser.isPending}
        onConfirm={handleConfirmDelete}
        onCancel={() => setPendingDelete(null)}
      />
    </section>
  );
}
