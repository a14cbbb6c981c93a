import 'react-toastify/dist/ReactToastify.css';
import { ToastContainer } from 'react-toastify';
import { TOAST_MS } from '@shared/constants';
import { dirOf, type Locale } from '@shared/i18n/locales';
import { useI18n } from '../lib/i18n';
import { PHONE_QUERY, useMediaQuery } from '../lib/use-media-query';

/**
 * Toasts (SPEC §2: top-right, 5000 ms, pause on hover and focus loss, close on click). Decision 032: on a phone
 * they sit at the bottom, at most two at a time, so they never cover the header's controls or the top of the
 * request list; on wider screens they stay top-right, below the header (styles.css).
 */
export function Toasts() {
  const phone = useMediaQuery(PHONE_QUERY);
  // Right to left (Arabic): the toasts sit at the top start corner and read from the right.
  const rtl = dirOf(useI18n().locale as Locale) === 'rtl';
  return (
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
  );
}
