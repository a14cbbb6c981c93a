/**
 * Toasts for the sign-in page, which carries none of its own (decision 103): the first time it needs one (the
 * unverified-email toast, a sign-out's word), the toasts' place is mounted beside the page, in its language, with
 * what a toast's buttons use; the toast itself waits for its container (lib/toast.ts).
 */
import { createRoot } from 'react-dom/client';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { I18n } from '@shared/i18n/i18n';
import { I18nContext } from '../lib/i18n';
import type { SignInNotice } from '../lib/sign-in-handoff';
import { toast } from '../lib/toast';
import { Toasts } from './toasts';

let hosted = false;

/** Runs `show` (which raises a toast) with the toasts' place on the page, mounting it the first time. */
export function withToasts(i18n: I18n, show: () => void): void {
  if (!hosted) {
    hosted = true;
    const element = document.createElement('div');
    document.body.append(element);
    createRoot(element).render(
      <QueryClientProvider client={new QueryClient()}>
        <I18nContext value={i18n}>
          <Toasts />
        </I18nContext>
      </QueryClientProvider>,
    );
  }
  show();
}

/** The word the staff app left for the sign-in page (lib/sign-in-handoff.ts), as the toast it would have been. */
export function showSignInNotice(i18n: I18n, notice: SignInNotice): void {
  withToasts(i18n, () => {
    if (notice.kind === 'success') toast.success(notice.text);
    else toast.info(notice.text);
  });
}
