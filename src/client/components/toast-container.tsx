import 'react-toastify/dist/ReactToastify.css';
import { useEffect } from 'react';
import { ToastContainer, toast } from 'react-toastify';
import { TOAST_MS } from '@shared/constants';
import { dirOf, type Locale } from '@shared/i18n/locales';
import { useI18n } from '../lib/i18n';
import { toastsReady } from '../lib/toast';
import { PHONE_QUERY, useMediaQuery } from '../lib/use-media-query';

/** Tells lib/toast.ts the container is there: its effect runs after the container's own (effects run in order). */
function Ready() {
  useEffect(() => toastsReady(toast), []);
  return null;
}

/**
 * Toasts (SPEC §2: top-right, 5000 ms, pause on hover and focus loss, close on click). Decision 032: on a phone
 * they sit at the bottom, at most two at a time, so they never cover the header's controls or the top of the
 * request list; on wider screens they stay top-right, below the header (styles.css). A chunk of its own, loaded by
 * the first toast (decision 104).
 */
export default function ToastsContainer() {
  const phone = useMediaQuery(PHONE_QUERY);
  // Right to left (Arabic): the toasts sit at the top start corner and read from the right.
  const rtl = dirOf(useI18n().locale as Locale) === 'rtl';
  return (
    <>
      <ToastContainer
        position={phone ? 'bottom-center' : rtl ? 'top-left' : 'top-right'}
        rtl={rtl}
        limit={phone ? 2 : 4}
        newestOnTop
        autoClose={TOAST_MS}
        pauseOnHover
        pauseOnFocusLoss
        closeOnClick
      />
      <Ready />
    </>
  );
}
