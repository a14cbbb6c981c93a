import { appText } from '@shared/i18n/app';
import type { ServiceRequest } from '@shared/schemas';
import { REQUEST_EXTRA_ICON_PATHS, StrokeIcon } from '../../../components/ui/request-type-icon';
import { useI18n } from '../../../lib/i18n';

/**
 * Allergy / urgent (decision 070): its own colour, always with its icon and words, never colour alone. Inline, in a
 * request's line of facts.
 */
/**
 * Decision 082: the guest answered "no" to "Did you get what you needed?" and the request came back. Icon and words,
 * never colour alone.
 */
export function ReopenedBadge() {
  const i18n = useI18n();
  return (
    <span
      data-reopened
      className="inline-flex items-center gap-1 rounded-full border border-warning-600 bg-warning-50 px-1.5 text-xs font-bold leading-4 text-warning-950"
    >
      <StrokeIcon d={REOPENED_ICON} className="size-3 shrink-0" strokeWidth="2.4" />
      {appText(i18n, 'app.console.reopened')}
    </span>
  );
}

/** A circular arrow: the request came round again. */
const REOPENED_ICON = 'M4.5 12a7.5 7.5 0 1 0 2.2-5.3M4.5 4.5v3.6h3.6';

export function UrgentBadge() {
  const i18n = useI18n();
  return (
    <span
      data-urgent
      className="inline-flex items-center gap-1 rounded-full bg-urgent-700 px-1.5 text-xs font-bold leading-4 text-white"
    >
      <StrokeIcon
        d={REQUEST_EXTRA_ICON_PATHS.urgent}
        className="size-3 shrink-0"
        strokeWidth="2.4"
      />
      {appText(i18n, 'app.console.urgent')}
    </span>
  );
}

/** How the guest will pay the bill (decision 071): the method's icon and word ('Card'), 'Paying by' for a reader. */
export function BillMethodBadge({ method }: { method: NonNullable<ServiceRequest['billMethod']> }) {
  const i18n = useI18n();
  return (
    <span
      data-bill-method={method}
      className="inline-flex items-center gap-1 rounded-full border border-line-strong bg-white px-1.5 text-xs font-semibold leading-4 text-ink"
    >
      <StrokeIcon
        d={REQUEST_EXTRA_ICON_PATHS[method]}
        className="size-3.5 shrink-0"
        strokeWidth="2"
      />
      <span className="sr-only">{appText(i18n, 'app.console.payingBy')} </span>
      {appText(i18n, method === 'card' ? 'app.console.payCard' : 'app.console.payCash')}
    </span>
  );
}

/**
 * The guest's note (decision 070), shown prominently: untrusted plain text, drawn as text (React escapes it, never
 * HTML), in its own direction (dir="auto": an Arabic note reads right to left inside an English console), wrapped
 * anywhere so a long word cannot push the row's actions off a phone's screen.
 */
export function GuestNote({ note }: { note: string }) {
  const i18n = useI18n();
  return (
    <p
      data-guest-note
      className="mt-1 flex items-start gap-1.5 rounded-chip border-s-4 border-warning-500 bg-warning-50 px-2 py-1 text-sm font-semibold leading-5 text-ink"
    >
      <StrokeIcon
        d={REQUEST_EXTRA_ICON_PATHS.note}
        className="mt-0.5 size-4 shrink-0 text-warning-800"
        strokeWidth="2"
      />
      <span className="sr-only">{appText(i18n, 'app.console.note')}: </span>
      <span dir="auto" className="min-w-0 [overflow-wrap:anywhere]">
        {note}
      </span>
    </p>
  );
}
