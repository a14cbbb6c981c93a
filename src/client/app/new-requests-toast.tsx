import { useSyncExternalStore } from 'react';
import { toast } from '../lib/toast';
import { NEW_REQUEST_VIBRATION, TOAST_MS } from '@shared/constants';
import type { ServiceRequest } from '@shared/schemas';
import { isReminderType } from '@shared/request-types';
import { appRequestTableLabel, appText } from '@shared/i18n/app';
import { useI18n } from '../lib/i18n';
import { RequestTypeIcon } from '../components/ui/request-type-icon';
import { typeText } from '../lib/request-text';
import { useTypeNames } from '../lib/type-names';
import { playChime } from '../lib/sound';

/**
 * SPEC §8 new-request alert, stacked (issue 12, decision 032): a burst of presses is one toast, newest on top,
 * with '+4 more' for the rest, instead of five toasts over the request list. Each new press shows it again for
 * the full 5 s; it forgets the burst once it closes.
 */
const NEW_REQUESTS_TOAST_ID = 'new-requests';

let burst: readonly ServiceRequest[] = [];
let open = false;
const listeners = new Set<() => void>();

function setBurst(next: readonly ServiceRequest[]): void {
  burst = next;
  listeners.forEach((listener) => listener());
}

function NewRequestsToast() {
  const requests = useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => burst,
  );
  const i18n = useI18n();
  const names = useTypeNames();
  const [newest, ...older] = requests;
  if (newest === undefined) return null;
  return (
    <div className="flex items-start gap-3">
      <RequestTypeIcon
        type={newest.type}
        requestTypes={names?.requestTypes}
        className="mt-0.5 size-6 shrink-0"
      />
      <div className="min-w-0">
        <p className="font-semibold">
          {/* Decision 097: a service timer's reminder is the staff's own, not a guest's new request. */}
          {appText(
            i18n,
            isReminderType(newest.type) ? 'app.toast.reminder' : 'app.toast.newRequest',
            {
              table: appRequestTableLabel(i18n, newest),
            },
          )}
        </p>
        <p>{typeText(i18n, newest.type, names)}</p>
        {older.length > 0 && (
          <p className="mt-1 text-sm font-semibold">
            {appText(i18n, 'app.toast.more', { count: older.length })}
            <span className="sr-only">
              {' '}
              ({older.map((r) => appRequestTableLabel(i18n, r)).join(', ')})
            </span>
          </p>
        )}
      </div>
    </div>
  );
}

/** SPEC §8: the toast (stacked), the 200-100-200 ms vibration and the chime. */
/** `late`: an overdue or re-routed call (decision 091), which 'only overdue' devices chime for. */
export function announceNewRequest(request: ServiceRequest, late = false): void {
  setBurst([request, ...burst.filter((r) => r.id !== request.id)]);
  if (open) {
    // The content follows the burst by itself; an update restarts the toast's 5 s.
    toast.update(NEW_REQUESTS_TOAST_ID, { autoClose: TOAST_MS });
  } else {
    open = true;
    toast.info(<NewRequestsToast />, {
      toastId: NEW_REQUESTS_TOAST_ID,
      autoClose: TOAST_MS,
      icon: false,
      onClose: () => {
        open = false;
        setBurst([]);
      },
    });
  }
  navigator.vibrate?.([...NEW_REQUEST_VIBRATION]);
  playChime(late);
}

/** Signed out: a burst from the last session must not reappear. */
export function forgetNewRequests(): void {
  toast.dismiss(NEW_REQUESTS_TOAST_ID);
  open = false;
  setBurst([]);
}
