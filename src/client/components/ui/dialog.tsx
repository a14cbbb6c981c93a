import { useEffect, useId, useRef, type ReactNode, type RefObject } from 'react';
import { appText } from '@shared/i18n/app';
import { useI18n } from '../../lib/i18n';

export interface DialogProps {
  open: boolean;
  title: string;
  /** A short line under the title; the dialog is described by it. */
  description?: string;
  /** While an action runs the dialog cannot be dismissed (Escape, backdrop, close button). */
  isBusy?: boolean;
  /** Focused when the dialog opens; by default the browser focuses the first focusable control. */
  initialFocusRef?: RefObject<HTMLElement | null>;
  onClose: () => void;
  children: ReactNode;
}

/**
 * A modal form dialog on the native <dialog>: focus is trapped, the page behind is inert, Escape closes it and
 * focus returns to the control that opened it. The content is mounted only while open, so every opening starts
 * with a fresh form.
 */
export function Dialog({
  open,
  title,
  description,
  isBusy = false,
  initialFocusRef,
  onClose,
  children,
}: DialogProps) {
  const i18n = useI18n();
  const dialogRef = useRef<HTMLDialogElement>(null);
  const returnFocusRef = useRef<HTMLElement | null>(null);
  const titleId = useId();
  const descriptionId = useId();

  useEffect(() => {
    const dialog = dialogRef.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      returnFocusRef.current =
        document.activeElement instanceof HTMLElement ? document.activeElement : null;
      dialog.showModal();
      initialFocusRef?.current?.focus();
    } else if (!open && dialog.open) {
      dialog.close();
      returnFocusRef.current?.focus();
    }
  }, [open, initialFocusRef]);

  return (
    <dialog
      ref={dialogRef}
      aria-labelledby={titleId}
      aria-describedby={description ? descriptionId : undefined}
      className="m-auto max-h-[calc(100dvh-2rem)] w-[min(32rem,calc(100%-2rem))] overflow-y-auto rounded-card bg-white p-0 text-ink shadow-xl backdrop:bg-ink/50"
      onCancel={(event) => {
        event.preventDefault();
        if (!isBusy) onClose();
      }}
      onClose={() => {
        if (open) onClose();
      }}
      onClick={(event) => {
        if (event.target === event.currentTarget && !isBusy) onClose();
      }}
    >
      {open && (
        <div className="p-5 sm:p-6">
          <div className="flex items-start justify-between gap-4">
            <div>
              <h2 id={titleId} className="text-lg font-semibold text-ink">
                {title}
              </h2>
              {description && (
                <p id={descriptionId} className="mt-1 text-sm text-body">
                  {description}
                </p>
              )}
            </div>
            <button
              type="button"
              aria-label={appText(i18n, 'app.console.close')}
              disabled={isBusy}
              onClick={onClose}
              className="-me-2 -mt-2 inline-flex size-11 shrink-0 items-center justify-center rounded-control text-muted hover:bg-sunken hover:text-ink focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-600 disabled:opacity-60"
            >
              <svg
                aria-hidden="true"
                viewBox="0 0 24 24"
                className="size-5"
                fill="none"
                stroke="currentColor"
                strokeWidth="2"
                strokeLinecap="round"
              >
                <path d="M6 6l12 12M18 6L6 18" />
              </svg>
            </button>
          </div>
          <div className="mt-5">{children}</div>
        </div>
      )}
    </dialog>
  );
}
