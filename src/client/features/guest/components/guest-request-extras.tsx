import { useId } from 'react';
import { NOTE_MAX, noteLength } from '@shared/guest-note';
import { guestText } from '@shared/i18n/guest';
import { useI18n } from '../../../lib/i18n';
import { GuestIcon } from './guest-icons';

/** What the guest adds to the next press (decision 070): a note, and the allergy / urgent flag. */
export interface GuestExtras {
  note: string;
  urgent: boolean;
  /** Why the note cannot be sent, in the guest's language; null: it can. */
  noteError: string | null;
}

export const NO_EXTRAS: GuestExtras = { note: '', urgent: false, noteError: null };

/**
 * Below the buttons, so the usual press stays one tap: a one-line note (plain text; the page never draws it as HTML)
 * and the flag, both sent with the next press and cleared once it is in. The flag is a checkbox with its words and
 * icon, so it never relies on colour.
 */
export function GuestRequestExtras({
  extras,
  onNoteChange,
  onUrgentChange,
}: {
  extras: GuestExtras;
  onNoteChange: (note: string) => void;
  onUrgentChange: (urgent: boolean) => void;
}) {
  const i18n = useI18n();
  const noteId = useId();
  const hintId = useId();
  const errorId = useId();
  const urgentHintId = useId();
  const length = noteLength(extras.note);
  return (
    <fieldset className="flex flex-col gap-3 rounded-panel border border-line bg-white p-4 shadow-sm">
      <legend className="px-1 text-sm font-semibold text-ink">
        {guestText(i18n, 'guest.extras.legend')}
      </legend>
      <div className="flex flex-col gap-1">
        <div className="flex items-baseline justify-between gap-2">
          <label htmlFor={noteId} className="text-sm font-medium text-ink">
            {guestText(i18n, 'guest.note.label')}
          </label>
          <span
            aria-hidden="true"
            className={`text-xs tabular-nums ${length > NOTE_MAX ? 'font-semibold text-danger-700' : 'text-muted'}`}
          >
            {length}/{NOTE_MAX}
          </span>
        </div>
        <input
          id={noteId}
          name="note"
          type="text"
          dir="auto"
          autoComplete="off"
          enterKeyHint="done"
          value={extras.note}
          onChange={(event) => onNoteChange(event.target.value)}
          aria-invalid={extras.noteError !== null || undefined}
          aria-describedby={extras.noteError ? `${errorId} ${hintId}` : hintId}
          className={`min-h-12 w-full rounded-control border bg-white px-3 text-base text-ink focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ink ${
            extras.noteError ? 'border-danger-600' : 'border-line-strong'
          }`}
        />
        {extras.noteError && (
          <p id={errorId} role="alert" className="text-sm font-medium text-danger-700">
            {extras.noteError}
          </p>
        )}
        <p id={hintId} className="text-xs text-muted">
          {guestText(i18n, 'guest.note.hint', { max: NOTE_MAX })}
        </p>
      </div>
      <label className="flex min-h-12 cursor-pointer items-start gap-3 rounded-control border border-urgent-200 bg-urgent-50 p-3 has-checked:border-urgent-600 has-checked:ring-1 has-checked:ring-urgent-600">
        <input
          type="checkbox"
          name="urgent"
          checked={extras.urgent}
          onChange={(event) => onUrgentChange(event.target.checked)}
          aria-describedby={urgentHintId}
          className="mt-0.5 size-5 shrink-0 accent-urgent-700"
        />
        <span className="flex min-w-0 flex-col">
          <span className="flex items-center gap-1.5 font-semibold text-urgent-900">
            <GuestIcon name="urgent" className="size-5 shrink-0" />
            {guestText(i18n, 'guest.urgent.label')}
          </span>
          <span id={urgentHintId} className="text-xs text-body">
            {guestText(i18n, 'guest.urgent.hint')}
          </span>
        </span>
      </label>
    </fieldset>
  );
}
