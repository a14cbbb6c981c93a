import { SKELETON_COUNT } from '@shared/constants';
import { appText } from '@shared/i18n/app';
import { Skeleton } from '../../../components/ui/skeleton';
import { useI18n } from '../../../lib/i18n';

/** SPEC §2/§9: a loading skeleton of 3 cards. */
export function TableCardSkeletons() {
  const i18n = useI18n();
  return (
    <div role="status">
      <span className="sr-only">{appText(i18n, 'app.admin.tables.loading')}</span>
      <ul aria-hidden="true" className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        {Array.from({ length: SKELETON_COUNT }, (_, index) => (
          <li key={index} className="rounded-card border border-line bg-white p-4 shadow-sm">
            <div className="flex items-start justify-between">
              <Skeleton className="h-6 w-24" />
              <Skeleton className="h-5 w-16 rounded-full" />
            </div>
            <Skeleton className="mt-6 h-12 w-full rounded-control" />
          </li>
        ))}
      </ul>
    </div>
  );
}
