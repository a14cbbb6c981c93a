import { useEffect, useId, useRef, type ReactNode } from 'react';
import { appText } from '@shared/i18n/app';
import { useI18n } from '../../lib/i18n';
import { Button } from './button';

export interface ConfirmDialogProps {
  open: boolean;
  title: string;
  message: ReactNode;
  confirmLabel: string;
  cancelLabel?: string;
  tone?: 'danger' | 'primary';
  /** While the confirmed action runs, the dialog stays open and cannot be dismissed. */
  isPending?: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}

/**
 * SPEC §5: every deletion requires confirmation. A native modal <dialog> gives focus trapping, Escape and an
 * inert page for free; it is labelled by its heading and described by its message, and focus goes back to the
 * control that opened it. Its content is mounted only while open.
 */
export function ConfirmDialog({
  open,
  title,
  message,
  confirmLabel,
  cancelLabel,
  tone = 'danger',
  isPending = false,
  onConfirm,
  onCancel,
}: ConfirmDialogProps) {
  const i18n = useI18n();
  const dialogRef = useRef<HTMLDialogElement>(null);
  const cancelRef = useRef<HTMLButtonElement>(null);
  const returnFocusRef = useRef<HTMLElement | null>(null);
  const titleId = useId();
  const messageId = useId();

  useEffect(() => {
    const dialog = dialogRef.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      returnFocusRef.current =
        document.activeElement instanceof HTMLElement ? document.activeElement : null;
      dialog.showModal();
      // The safe choice gets focus first: Enter on a destructive dialog must not delete.
      cancelRef.current?.focus();
    } else if (!open && dialog.open) {
      dialog.close();
      returnFocusRef.current?.focus();
    }
  }, [open]);

  return (
    <dialog
      ref={dialogRef}
      aria-labelledby={titleId}
      aria-describedby={messageId}
      className="m-auto w-[min(28rem,calc(100%-2rem))] rounded-card bg-white p-0 text-ink shadow-xl backdrop:bg-ink/50"
      onCancel={(event) => {
        // Escape: keep React state in charge of closing, and ignore it while the action runs.
        event.preventDefault();
        if (!isPending) onCancel();
      }}
      onClose={() => {
        // The browser may force-close (e.g. a second Escape); keep the state in step.
        if (open) onCancel();
      }}
      onClick={(event) => {
        // A click on the backdrop lands on the <dialog> itself, not on its padded content.
        if (event.target === event.currentTarget && !isPending) onCancel();
      }}
    >
      {/* Mounted only while open: a closed dialog's words ("Clear Table 5?") are not in the page for a search or a
          screen reader's browse mode to find. */}
      {open && (
        <div className="p-6">
          <h2 id={titleId} className="text-lg font-semibold">
            {title}
          </h2>
          <div id={messageId} className="mt-2 text-sm text-body">
            {message}
          </div>
          <div className="mt-6 flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
            <Button ref={cancelRef} variant="secondary" onClick={onCancel} disabled={isPending}>
              {cancelLabel ?? appText(i18n, 'app.console.cancel')}
            </Button>
            <Button
              variant={tone === 'danger' ? 'danger' : 'primary'}
              onClick={onConfirm}
              isLoading={isPending}
            >
              {confirmLabel}
            </Button>
          </div>
        </div>
      )}
    </dialog>
  );
}
