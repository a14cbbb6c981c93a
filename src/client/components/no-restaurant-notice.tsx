import { Link } from 'react-router';
import { paths } from '@shared/paths';
import { appText } from '@shared/i18n/app';
import { useI18n } from '../lib/i18n';
import { EmptyState } from './ui/empty-state';

/** An admin page with no restaurant to work on (SPEC §5 'No restaurant selected'). */
export function NoRestaurantNotice() {
  const i18n = useI18n();
  return (
    <EmptyState
      title={appText(i18n, 'app.console.noRestaurant')}
      action={
        <Link
          to={paths.adminSettings}
          className="inline-flex min-h-11 items-center rounded-control bg-brand-700 px-4 text-sm font-semibold text-white hover:bg-brand-800 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-600 focus-visible:ring-offset-2"
        >
          {appText(i18n, 'app.console.noRestaurantAction')}
        </Link>
      }
    >
      {appText(i18n, 'app.console.noRestaurantText')}
    </EmptyState>
  );
}
