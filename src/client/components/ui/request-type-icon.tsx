import {
  BUTTON_ICONS,
  findCustomType,
  isReminderType,
  isSpecType,
  type ReminderKind,
  type RequestTypesConfig,
  type StaffRequestKind,
} from '@shared/request-types';
import type { RequestType } from '@shared/rules';

/**
 * One icon per request type, shared by the guest's buttons and the staff console's cards (issue 12). Inline SVG
 * rather than emoji: emoji fonts are missing on some devices and kiosks, and SVG follows the text colour.
 */
export const REQUEST_TYPE_ICON_PATHS: Record<RequestType, string> = {
  // bell (call the server)
  server: 'M4 17h16M6 17a6 6 0 0 1 12 0M12 8V6m-2 0h4M3 20h18',
  // note and pencil (ready to order)
  order: 'M9 4h6a1 1 0 0 1 1 1v1H8V5a1 1 0 0 1 1-1ZM8 6H6v14h12V6h-2M9 11h6M9 15h4',
  // glass (refill)
  refill: 'M6 4h12l-1.5 15a1 1 0 0 1-1 1h-7a1 1 0 0 1-1-1L6 4Zm.5 5h11',
  // receipt (bill)
  bill: 'M6 3h12v18l-2-1.5-2 1.5-2-1.5-2 1.5-2-1.5L6 21V3Zm3 5h6m-6 4h6m-6 4h3',
};

/** Decision 097: the service timers' reminders, staff-only, each with an icon no guest's button uses. */
const REMINDER_ICON_PATHS: Record<ReminderKind, string> = {
  // hourglass (seated a while, nothing ordered)
  reminder_order: 'M6 3h12M6 21h12M8 3c0 4 4 5 4 9s-4 5-4 9M16 3c0 4-4 5-4 9s4 5 4 9',
  // alarm clock (the bill is still open)
  reminder_bill: 'M12 21a8 8 0 1 0 0-16 8 8 0 0 0 0 16ZM12 9v4l2.5 2M5 3 2 6M19 3l3 3',
};

/**
 * What a guest may add to a request (decisions 070, 071), drawn the same on the guest page and the console: the
 * allergy / urgent flag (a warning sign), a note (a speech bubble), the bill by card or cash, the usual wait (a clock).
 */
export const REQUEST_EXTRA_ICON_PATHS = {
  urgent: 'M12 3.5 2.5 20h19L12 3.5ZM12 10v4.5M12 17.5v.01',
  note: 'M4 5h16v11H9l-5 4V5Z',
  card: 'M3 6h18v12H3V6Zm0 4h18M7 15h3',
  cash: 'M3 7h18v10H3V7Zm9 2.5a2.5 2.5 0 1 0 0 5 2.5 2.5 0 0 0 0-5ZM6 10v4M18 10v4',
  clock: 'M12 3.5a8.5 8.5 0 1 0 0 17 8.5 8.5 0 0 0 0-17ZM12 7.5V12l3 2',
} as const;

/**
 * The console's colour per type: a tinted icon tile and a coloured edge on the card. Red is kept for 'Overdue',
 * so no type uses it; every tint keeps its dark text above WCAG AA.
 */
const REQUEST_TYPE_TONE: Record<RequestType, { tile: string; edge: string }> = {
  server: { tile: 'bg-type-server-100 text-type-server-800', edge: 'border-s-type-server-500' },
  order: { tile: 'bg-type-order-100 text-type-order-800', edge: 'border-s-type-order-500' },
  refill: { tile: 'bg-type-refill-100 text-type-refill-800', edge: 'border-s-type-refill-500' },
  bill: { tile: 'bg-type-bill-100 text-type-bill-900', edge: 'border-s-type-bill-500' },
};

/** A restaurant's own type (decision 087): a neutral tile, its icon telling it apart. */
const CUSTOM_TYPE_TONE = { tile: 'bg-sunken text-ink', edge: 'border-s-subtle' };
/** Decision 097: a reminder's own colour, with its own icon and words ("Reminder: …"), never the colour alone. */
const REMINDER_TONE = {
  tile: 'bg-type-reminder-100 text-type-reminder-900',
  edge: 'border-s-type-reminder-500',
};

export function requestTypeTone(type: StaffRequestKind): { tile: string; edge: string } {
  if (isReminderType(type)) return REMINDER_TONE;
  return isSpecType(type) ? REQUEST_TYPE_TONE[type] : CUSTOM_TYPE_TONE;
}

/** A type's icon: SPEC's four their own, a custom type the one its owner picked (a star if unknown). */
export function requestTypeIconPath(
  type: StaffRequestKind,
  requestTypes: RequestTypesConfig | null | undefined,
): string {
  if (isSpecType(type)) return REQUEST_TYPE_ICON_PATHS[type];
  if (isReminderType(type)) return REMINDER_ICON_PATHS[type];
  return BUTTON_ICONS[findCustomType(requestTypes, type)?.icon ?? 'star'];
}

export function RequestTypeIcon({
  type,
  requestTypes,
  className = 'size-6',
}: {
  type: StaffRequestKind;
  /** The restaurant's own buttons, which name a custom type's icon (decision 087). */
  requestTypes?: RequestTypesConfig | null | undefined;
  className?: string;
}) {
  return <StrokeIcon d={requestTypeIconPath(type, requestTypes)} className={className} />;
}

/** A decorative 24 × 24 line icon drawn in the text colour (the guest page's and the console's icons). */
export function StrokeIcon({
  d,
  className,
  strokeWidth = '1.8',
}: {
  d: string;
  className: string;
  strokeWidth?: string;
}) {
  return (
    <svg
      aria-hidden="true"
      focusable="false"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={strokeWidth}
      strokeLinecap="round"
      strokeLinejoin="round"
      className={className}
    >
      <path d={d} />
    </svg>
  );
}
