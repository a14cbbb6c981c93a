/**
 * Toasts for the sign-in page, which carries none of its own (decision 103): the first time it needs one (the
 * unverified-email toast, a sign-out's word), a toast container is mounted beside the page, in its language, with
 * what a toast's buttons use.
 */
import { useEffect } from 'react';
import { createRoot } from 'react-dom/client';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { toast } from 'react-toastify';
import type { I18n } from '@shared/i18n/i18n';
import { I18nContext } from '../lib/i18n';
import type { SignInNotice } from '../lib/sign-in-handoff';
import { Toasts } from './toasts';

let hosted = false;

/** Runs `show` once it is mounted: after the toast container beside it has registered (effects run in order). */
function OnMount({ show }: { show: () => void }) {
  useEffect(show, [show]);
  return null;
}

/**
 * Runs `show` (which raises a toast) with a toast container on the page: the first time, the container is mounted
 * beside the page, in its language, with what a toast's buttons use, and `show` runs once it is there.
 */
export function withToasts(i18n: I18n, show: () => void): void {
  if (hosted) {
    show();
    return;
  }
  hosted = true;
  const element = document.createElement('div');
  document.body.append(element);
  createRoot(element).render(
    <QueryClientProvider client={new QueryClient()}>
      <I18nContext value={i18n}>
        <Toasts />
        <OnMount show={show} />
      </I18nContext>
    </QueryClientProvider>,
  );
}

/** The word the staff app left for the sign-in page (lib/sign-in-handoff.ts), as the toast it would have been. */
export function showSignInNotice(i18n: I18n, notice: SignInNotice): void {
  withToasts(i18n, () => {
    if (notice.kind === 'success') toast.success(notice.text);
    else toast.info(notice.text);
  });
}
