import { Skeleton } from '../../../components/ui/skeleton';
import { guestText } from '@shared/i18n/guest';
import { useI18n } from '../../../lib/i18n';

/** The guest page's shape while its data loads, so nothing jumps when it arrives. */
export function GuestSkeleton() {
  const i18n = useI18n();
  return (
    <div className="min-h-dvh bg-canvas">
      <span role="status" className="sr-only">
        {guestText(i18n, 'guest.loading')}
      </span>
      <div aria-hidden="true">
        <div className="bg-line-strong px-4 py-6">
          <div className="mx-auto flex max-w-lg items-center gap-4">
            <div className="size-14 animate-pulse rounded-full bg-line" />
            <div className="flex-1 space-y-2">
              <div className="h-6 w-2/3 animate-pulse rounded-chip bg-line" />
              <div className="h-5 w-1/3 animate-pulse rounded-chip bg-line" />
            </div>
          </div>
        </div>
        <div className="mx-auto grid max-w-lg grid-cols-2 gap-4 p-4">
          {[0, 1, 2, 3].map((key) => (
            <Skeleton key={key} className="h-32 rounded-panel" />
          ))}
        </div>
      </div>
    </div>
  );
}
