import { useEffect, useRef } from 'react';
import { toast } from '../../../lib/toast';
import { appText } from '@shared/i18n/app';
import type { User } from '@shared/schemas';
import { Spinner } from '../../../components/ui/spinner';
import { useI18n } from '../../../lib/i18n';
import { usePushNotifications, type PushNotifications } from '../../../lib/push';

const PILL =
  'inline-flex min-h-9 items-center gap-1.5 whitespace-nowrap rounded-full px-3 text-xs font-semibold';

function BellIcon({ off = false }: { off?: boolean }) {
  return (
    <svg
      aria-hidden="true"
      viewBox="0 0 24 24"
      className="size-4"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
    >
      <path d="M6 8a6 6 0 0 1 12 0c0 7 3 9 3 9H3s3-2 3-9M10.3 21a1.94 1.94 0 0 0 3.4 0" />
      {off && <path d="M3 3l18 18" />}
    </svg>
  );
}

/** The permission flow for `user`; call it once per screen (it subscribes the device when allowed). */
export function useNotificationStatus(user: User | null): PushNotifications {
  const applies = user !== null && (user.role === 'server' || user.role === 'admin');
  const push = usePushNotifications(applies ? user.id : null);
  // The toast is said once per failure, in the language of the moment (a language change does not repeat it).
  const i18n = useI18n();
  const i18nRef = useRef(i18n);
  useEffect(() => {
    i18nRef.current = i18n;
  }, [i18n]);
  useEffect(() => {
    if (push.state === 'error')
      toast.error(appText(i18nRef.current, 'app.console.notificationsFailed'), {
        toastId: 'push-failed',
      });
  }, [push.state]);
  return push;
}

/** The state of useNotificationStatus, drawn where the header has room for it (issue 12: one row on a phone). */
export function NotificationStatusView({ state, enable }: PushNotifications) {
  const i18n = useI18n();
  switch (state) {
    case 'unsupported':
      return null;
    case 'on':
      return (
        <span role="status" className={`${PILL} bg-success-100 text-success-800`}>
          <BellIcon />
          {appText(i18n, 'app.console.notificationsOn')}
        </span>
      );
    case 'denied':
      return (
        <span
          role="status"
          title={appText(i18n, 'app.console.notificationsBlockedHint')}
          className={`${PILL} bg-sunken text-body`}
        >
          <BellIcon off />
          {appText(i18n, 'app.console.notificationsBlocked')}
        </span>
      );
    case 'enabling':
      return (
        <span role="status" className={`${PILL} bg-brand-50 text-brand-800`}>
          <Spinner className="size-3" />
          {appText(i18n, 'app.console.enablingNotifications')}
        </span>
      );
    case 'default':
    case 'error':
      return (
        <button
          type="button"
          onClick={() => void enable()}
          className={`${PILL} bg-brand-700 text-white hover:bg-brand-800 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-600 focus-visible:ring-offset-2`}
        >
          <BellIcon />
          {appText(i18n, 'app.console.enableNotifications')}
        </button>
      );
  }
}
