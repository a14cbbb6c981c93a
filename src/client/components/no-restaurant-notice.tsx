import { Link } from 'react-router';
import { MSG } from '@shared/messages';
import { paths } from '@shared/paths';
import { EmptyState } from './ui/empty-state';

/** An admin page with no restaurant to work on (SPEC §5 'No restaurant selected'). */
export function NoRestaurantNotice() {
  return (
    <EmptyState
      title={MSG.noRestaurantSelected}
      action={
        <Link
          to={paths.adminSettings}
          className="inline-flex min-h-11 items-center rounded-control bg-brand-700 px-4 text-sm font-semibold text-white hover:bg-brand-800 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-600 focus-visible:ring-offset-2"
        >
          Go to Settings
        </Link>
      }
    >
      Create or pick a restaurant in Settings to manage it here.
    </EmptyState>
  );
}
