import { guestText } from '@shared/i18n/guest';
import { useI18n } from '../../../lib/i18n';
import { GuestIcon } from './guest-icons';

/** Only http(s) links are opened, whatever ends up stored. */
export function isWebUrl(url: string): boolean {
  try {
    const { protocol } = new URL(url);
    return protocol === 'https:' || protocol === 'http:';
  } catch {
    return false;
  }
}

/** SPEC §2: 'Leave a Review' ('Share your experience') opens the restaurant's review link in a new tab. */
export function ReviewButton({ reviewUrl, color }: { reviewUrl: string; color: string }) {
  // Fixed ids (one review link per page): the server renders this button and the browser hydrates it, and useId's
  // ids depend on where each side's tree starts (decision 017).
  const i18n = useI18n();
  const labelId = 'review-label';
  const hintId = 'review-hint';
  if (!isWebUrl(reviewUrl)) return null;
  return (
    <button
      type="button"
      aria-labelledby={labelId}
      aria-describedby={hintId}
      onClick={() => window.open(reviewUrl, '_blank', 'noopener')}
      className="flex min-h-16 w-full items-center justify-center gap-3 rounded-panel border-2 bg-white px-4 py-3 shadow-sm transition hover:bg-canvas focus-visible:outline-none focus-visible:ring-4 focus-visible:ring-ink focus-visible:ring-offset-2"
      style={{ borderColor: color }}
    >
      <GuestIcon name="star" className="size-7 text-warning-500" />
      <span className="flex flex-col items-start">
        <span id={labelId} className="font-semibold text-ink">
          {guestText(i18n, 'guest.review')}
        </span>
        <span id={hintId} className="text-sm text-body">
          {guestText(i18n, 'guest.reviewHint')}
        </span>
      </span>
    </button>
  );
}
