import type { RequestKind, RequestTypesConfig } from '@shared/request-types';
import { guestText } from '@shared/i18n/guest';
import { Spinner } from '../../../components/ui/spinner';
import { useI18n } from '../../../lib/i18n';
import { readableTextOn } from '@shared/color';
import { GuestIcon, GuestTypeIcon } from './guest-icons';

export type GuestButtonState = 'idle' | 'pending' | 'sent';

export interface GuestRequestButtonProps {
  type: RequestKind;
  /** The restaurant's buttons, which give a button of its own its icon (decision 087). */
  requestTypes: RequestTypesConfig;
  label: string;
  state: GuestButtonState;
  disabled: boolean;
  color: string;
  onPress: (type: RequestKind) => void;
}

/**
 * SPEC §4 guest button: idle → pending ('Sending...' with a spinner, pulsing) → sent ('Request sent ✓', green)
 * for 5 seconds → idle. While disabled (cool-down, sending) it is aria-disabled, not disabled (issue 12 item 9):
 * it keeps keyboard focus and a screen reader still finds it; the page ignores the press (SPEC §5) and says why.
 */
export function GuestRequestButton({
  type,
  requestTypes,
  label,
  state,
  disabled,
  color,
  onPress,
}: GuestRequestButtonProps) {
  const i18n = useI18n();
  const sent = state === 'sent';
  const pending = state === 'pending';
  return (
    <button
      type="button"
      data-request-type={type}
      aria-disabled={disabled || pending || undefined}
      aria-busy={pending || undefined}
      onClick={() => onPress(type)}
      style={sent ? undefined : { backgroundColor: color, color: readableTextOn(color) }}
      className={`flex min-h-32 flex-col text-balance [word-break:auto-phrase] items-center justify-center gap-2 rounded-panel p-4 text-center text-lg font-semibold shadow-md transition focus-visible:outline-none focus-visible:ring-4 focus-visible:ring-offset-2 focus-visible:ring-ink active:scale-[0.98] aria-disabled:cursor-not-allowed aria-disabled:active:scale-100 ${
        sent ? 'bg-success-700 text-white' : ''
      } ${pending ? 'animate-pulse' : ''} ${disabled && state === 'idle' ? 'opacity-50' : ''}`}
    >
      {pending ? (
        <Spinner className="size-8" />
      ) : sent ? (
        <GuestIcon name="sent" />
      ) : (
        <GuestTypeIcon type={type} requestTypes={requestTypes} />
      )}
      <span>
        {pending ? guestText(i18n, 'guest.sending') : sent ? guestText(i18n, 'guest.sent') : label}
      </span>
    </button>
  );
}
