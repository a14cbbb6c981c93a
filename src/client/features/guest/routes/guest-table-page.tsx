import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import {
  FEEDBACK_WINDOW_MINUTES,
  GUEST_DONE_MS,
  GUEST_SEND_VIBRATION_MS,
  SENT_CONFIRMATION_MS,
} from '@shared/constants';
import type { GuestRequestState, GuestTableResponse } from '@shared/schemas';
import type { RequestKind } from '@shared/request-types';
import type { TableRef } from '@shared/paths';
import { guestAgoText, guestButtonLabel, guestText } from '@shared/i18n/guest';
import type { I18n } from '@shared/i18n/i18n';
import type { GuestMessageId } from '@shared/i18n/compiled/guest';
import type { Locale } from '@shared/i18n/locales';
import { ApiRequestError } from '../../../lib/api-client';
import { useI18n } from '../../../lib/i18n';
import { safeColor } from '@shared/color';
import { useOnline } from '../../../lib/pwa';
import { useThemeColor } from '../../../lib/use-theme-color';
import { useNow } from '../../../lib/use-now';
import {
  applyTableRequest,
  cancelGuestRequest,
  fetchGuestTable,
  sendGuestRequest,
  setGuestBillMethod,
} from '../api/guest-api';
import { NOTE_MAX, normalizeNote, noteProblem, type NoteProblem } from '@shared/guest-note';
import type { BillMethod } from '@shared/schemas';
import { NO_EXTRAS, type GuestExtras } from '../components/guest-request-extras';
import type { OwnRequestActions } from '../components/guest-request-status';
import { useGuestTableState, useGuestTableStore } from '../api/guest-table-store';
import { useCooldown } from '../api/use-cooldown';
import { useGuestLive } from '../api/use-guest-live';
import type { GuestButtonState } from '../components/guest-request-button';
import { GuestSkeleton } from '../components/guest-skeleton';
import type { GuestRequestStatus } from '../components/guest-request-status';
import {
  ALL_IDLE,
  GuestTableView,
  statusOfOpen,
  type ButtonStates,
} from '../components/guest-table-view';
import { TableNotFound } from '../components/table-not-found';
import { takeEarlyPress, typedExtras } from '../lib/early-press';
import {
  clearPendingPress,
  newPressKey,
  readOwnPresses,
  readPendingPress,
  rememberOwnPress,
  savePendingPress,
  type OwnPresses,
  untilAnswered,
  Waker,
  type PendingPress,
} from '../lib/press-delivery';

/**
 * "Did you get what you needed?" and the rating after the bill (decisions 082, 083): a chunk of its own, fetched
 * only when this phone's request is done, so the page's first load stays within its budget (BENCHMARKS.md).
 */
const GuestFeedback = lazy(() => import('../components/guest-feedback'));

/** The request this phone pressed that was just completed, and until when it may still be answered. */
interface FeedbackFor {
  id: string;
  type: RequestKind;
  pressKey: string;
  until: number;
}

/**
 * SPEC §2 guest page /table/{restaurantId}/{tableId}: public, no sign-in. main.tsx renders it straight from the
 * URL, without the router, zod or any staff code (no toasts, no QR library), so it loads fast on a guest's phone
 * (decision 016).
 */
/** The page's language and what the language switcher calls (issue 15; guest-app.tsx holds the state). */
export interface GuestLanguage {
  locale: Locale;
  onLocaleChange: (locale: Locale) => void;
}

export function GuestTablePage({
  restaurantId,
  tableId,
  language,
  cached = false,
}: TableRef & {
  language: GuestLanguage;
  /** Drawn from this phone's cache while the service could not be reached (guest-sw.ts, decision 056). */
  cached?: boolean;
}) {
  const i18n = useI18n();
  const store = useGuestTableStore();
  const guestTable = useGuestTableState();
  const online = useOnline();

  // Issue 5: without network (the service worker served this page) say so; the data loads once it is back.
  if (guestTable.status === 'pending' && !online) return <GuestOffline />;
  if (guestTable.status === 'pending') return <GuestSkeleton />;
  if (guestTable.status === 'error') {
    const notFound = guestTable.error instanceof ApiRequestError && guestTable.error.status === 404;
    if (notFound) return <TableNotFound />;
    // Decision 089: the restaurant printed new QR codes; this one says so plainly.
    const replaced = guestTable.error instanceof ApiRequestError && guestTable.error.status === 410;
    if (replaced) return <TableNotFound replaced />;
    const unreachable =
      guestTable.error instanceof ApiRequestError && guestTable.error.status === 0;
    return (
      <main className="flex min-h-dvh flex-col items-center justify-center gap-4 bg-canvas px-6 text-center">
        <p role="alert" className="text-ink-soft">
          {unreachable
            ? guestText(i18n, 'guest.offline')
            : guestText(
                i18n,
                isUnavailable(guestTable.error) ? 'guest.serviceUnavailable' : 'guest.loadFailed',
              )}
        </p>
        <button
          type="button"
          onClick={() => void store.load()}
          className="min-h-12 rounded-control bg-ink px-5 font-semibold text-white focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ink focus-visible:ring-offset-2"
        >
          {guestText(i18n, 'guest.tryAgain')}
        </button>
      </main>
    );
  }
  return (
    <GuestTable
      restaurantId={restaurantId}
      tableId={tableId}
      data={guestTable.data}
      language={language}
      cached={cached}
    />
  );
}

/** The server answered 503: its database is away for a moment (decision 027). */
const isUnavailable = (error: unknown) => error instanceof ApiRequestError && error.status === 503;

/** Why a note cannot be sent, in the guest's words (decision 070). */
function noteRefusal(i18n: I18n, problem: NoteProblem): string {
  return problem === 'note_too_long'
    ? guestText(i18n, 'guest.note.tooLong', { max: NOTE_MAX })
    : guestText(i18n, 'guest.note.invalid');
}

const isNoteProblem = (code: string | undefined): code is NoteProblem =>
  code === 'note_too_long' || code === 'note_invalid';

const REFUSAL_TEXTS: Readonly<Partial<Record<string, GuestMessageId>>> = {
  restaurant_closed: 'guest.closed',
  press_blocked: 'guest.blocked',
  restaurant_busy: 'guest.busy',
  table_code_replaced: 'guest.codeReplacedBody',
};

/** A press the server refused for good, in the guest's words (SPEC §8 'Failed to send request.' in English). */
function refusal(i18n: I18n, error: unknown): string {
  // Decisions 088, 089: closed, paused for this phone, busy, a replaced QR code: said inline, in the guest's words.
  if (error instanceof ApiRequestError) {
    const id = REFUSAL_TEXTS[error.code];
    if (id) return guestText(i18n, id);
  }
  if (error instanceof ApiRequestError && error.status === 404)
    return guestText(i18n, 'guest.notFoundBody');
  if (error instanceof ApiRequestError && error.status === 429)
    return guestText(i18n, 'guest.tooManyRequests');
  return guestText(i18n, 'guest.sendFailed');
}

function GuestOffline() {
  const i18n = useI18n();
  return (
    <main className="flex min-h-dvh flex-col items-center justify-center gap-4 bg-canvas px-6 text-center">
      <p role="alert" className="max-w-sm text-lg font-medium text-ink-soft">
        {guestText(i18n, 'guest.offline')}
      </p>
    </main>
  );
}

function GuestTable({
  restaurantId,
  tableId,
  data,
  language,
  cached,
}: {
  restaurantId: string;
  tableId: string;
  data: GuestTableResponse;
  language: GuestLanguage;
  cached: boolean;
}) {
  const i18n = useI18n();
  const { restaurant, table } = data;
  const primary = safeColor(restaurant.primaryColor);
  useThemeColor(primary);
  const store = useGuestTableStore();
  const ref = { restaurantId, tableId };

  const [cooldown, setCooldown, recheck] = useCooldown(
    restaurantId,
    tableId,
    data.cooldownRemainingSeconds,
  );
  const [states, setStates] = useState<ButtonStates>(ALL_IDLE);
  const sentTimers = useRef(new Map<RequestKind, number>());
  const now = useNow(1000);
  // Issue 12: "Done ✓" for a while after the table's request was completed (until `now`, which ticks each second,
  // passes it), then only the buttons again.
  const [done, setDone] = useState<{ status: GuestRequestStatus; until: number } | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [announcement, setAnnouncement] = useState('');
  // Issue 29: the press on its way (one at a time), and whether the service has failed to answer it; and whether
  // this page came from the phone's cache (guest-sw.ts) and has not reached the service since.
  const delivering = useRef<PendingPress | null>(null);
  const [sending, setSending] = useState<PendingPress | null>(null);
  const [retrying, setRetrying] = useState(false);
  const [unreachable, setUnreachable] = useState(cached);
  const [waker] = useState(() => new Waker());
  // Issue 29 items 3-4: the note and flag for the next press; the presses this phone made here (their keys let it
  // cancel and choose how to pay, decision 071), read after hydration: the server-drawn page knows none.
  const [extras, setExtras] = useState<GuestExtras>(NO_EXTRAS);
  const [own, setOwn] = useState<OwnPresses>({});
  const [changing, setChanging] = useState(false);
  const [feedback, setFeedback] = useState<FeedbackFor | null>(null);
  // One answer per request (decision 082): a request done again after "No" is not asked about twice.
  const asked = useRef(new Set<string>());
  useEffect(() => setOwn(readOwnPresses(ref)), [restaurantId, tableId]); // eslint-disable-line react-hooks/exhaustive-deps

  // Issue 3: branding saved by the admin shows here without a reload; issue 12: so does the table's request.
  // Opened just as another phone pressed, the page may have missed that event: the first connection re-checks.
  // Any connection means the service answers again: a waiting press is tried at once.
  useGuestLive(restaurantId, tableId, onTableRequest, (first) => {
    if (first) recheck();
    waker.wake();
  });
  function onTableRequest(request: GuestRequestState) {
    const label = guestButtonLabel(i18n, request.type, restaurant);
    switch (request.status) {
      case 'pending':
        // Pressed here or on another phone at the table: the cool-down now runs for everyone at the table.
        recheck();
        return;
      case 'acknowledged':
        setAnnouncement(
          `${label}: ${request.takenBy ? guestText(i18n, 'guest.serverOnTheWay', { name: request.takenBy }) : guestText(i18n, 'guest.someoneOnTheWay')}`,
        );
        return;
      case 'completed': {
        setDone({
          status: { kind: 'done', type: request.type, createdAt: request.createdAt, takenBy: null },
          until: Date.now() + GUEST_DONE_MS,
        });
        // Decision 082: only the phone that pressed is asked (its press key is the proof); read from storage, so
        // a press made moments ago is known too.
        const pressKey = readOwnPresses(ref)[request.id];
        if (pressKey && !asked.current.has(request.id)) {
          asked.current.add(request.id);
          setFeedback({
            id: request.id,
            type: request.type,
            pressKey,
            until: Date.now() + FEEDBACK_WINDOW_MINUTES * 60_000,
          });
        }
        setAnnouncement(`${label}: ${guestText(i18n, 'guest.done')}`);
        endCooldownWithRequest();
        return;
      }
      case 'dismissed':
      case 'cancelled':
        endCooldownWithRequest();
        return;
    }
  }

  /**
   * Issue 28 item 5 (decision 057): the cool-down ends with the table's request. With no open request left the
   * buttons come back at once; the re-check then confirms it with the server's own value.
   */
  function endCooldownWithRequest() {
    const state = store.getState();
    if (state.status === 'success' && state.data.openRequests.length === 0) {
      setCooldown(0);
      setNotice(null);
    }
    recheck();
  }

  // Said once when pressing is possible again (not every second of the countdown), and the refusal is over.
  const coolingDown = cooldown > 0;
  const wasCoolingDown = useRef(coolingDown);
  useEffect(() => {
    if (wasCoolingDown.current && !coolingDown) {
      setAnnouncement(guestText(i18n, 'guest.announceReady'));
      setNotice(null);
    }
    wasCoolingDown.current = coolingDown;
  }, [coolingDown, i18n]);

  useEffect(() => {
    const timers = sentTimers.current;
    return () => timers.forEach((id) => window.clearTimeout(id));
  }, []);

  // The network coming back, or the guest coming back to the page: try what waits now.
  useEffect(() => {
    const wake = () => waker.wake();
    const onVisible = () => {
      if (document.visibilityState === 'visible') wake();
    };
    window.addEventListener('online', wake);
    document.addEventListener('visibilitychange', onVisible);
    return () => {
      window.removeEventListener('online', wake);
      document.removeEventListener('visibilitychange', onVisible);
    };
  }, [waker]);

  // Drawn from the phone's cache: the table as it is now comes from the service, as soon as it answers.
  useEffect(() => {
    if (!cached) return;
    untilAnswered(
      () => fetchGuestTable(restaurantId, tableId),
      () => undefined,
      waker.wait.bind(waker),
    ).then(
      (fresh) => {
        store.update(() => fresh);
        setCooldown(fresh.cooldownRemainingSeconds);
        setUnreachable(false);
      },
      // A 4xx: the table is gone (or the address is refused); the store's own load says which.
      () => void store.load(),
    );
  }, [cached, store, restaurantId, tableId, waker, setCooldown]);

  // A press this tab left unanswered (a reload while the service was down) goes on; else a tap on the
  // server-drawn page before the app took it over (decision 017) is sent now.
  useEffect(() => {
    if (delivering.current) return;
    // A note or flag typed before the app took over stays the guest's, and goes with the tap made then.
    const typed = typedExtras();
    if (typed) setExtras((current) => ({ ...current, ...typed }));
    const pending = readPendingPress(ref);
    if (pending) void deliver(pending);
    else {
      const early = takeEarlyPress();
      if (early) send(early, typed ?? extras);
    }
    // Once, on mount: `send` is a new function each render.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const setState = (type: RequestKind, state: GuestButtonState) =>
    setStates((current) => ({ ...current, [type]: state }));

  /** Why this press is ignored: the table's request is already in (which one, how long ago); the wait is the
   * countdown's to say (issue 28 item 5: one countdown on the page). */
  function refusedNotice(): string {
    const state = store.getState();
    const open = state.status === 'success' ? state.data.openRequests[0] : undefined;
    return open
      ? guestText(i18n, 'guest.alreadyIn', {
          label: guestButtonLabel(i18n, open.type, restaurant),
          ago: guestAgoText(i18n, Date.now() - open.createdAt),
        })
      : guestText(i18n, 'guest.pleaseWait');
  }

  function send(
    type: RequestKind,
    { note: typedNote, urgent }: Pick<GuestExtras, 'note' | 'urgent'> = extras,
  ) {
    // SPEC §5: during the cool-down, or while a press is on its way, a press is ignored; issue 12 says why.
    if (delivering.current) return;
    if (cooldown > 0) {
      setNotice(refusedNotice());
      return;
    }
    // Decision 070: a note the server would refuse is refused here, at once, in the guest's language.
    const note = normalizeNote(typedNote);
    const problem = note === null ? null : noteProblem(note);
    if (problem) {
      setExtras((current) => ({ ...current, noteError: noteRefusal(i18n, problem) }));
      return;
    }
    const press: PendingPress = {
      key: newPressKey(),
      type,
      at: Date.now(),
      note,
      urgent,
    };
    savePendingPress(ref, press);
    void deliver(press);
  }

  /** Sends `press` until the service answers (decision 056: its key makes every retry the same press). */
  async function deliver(press: PendingPress) {
    const { type } = press;
    delivering.current = press;
    setSending(press);
    window.clearTimeout(sentTimers.current.get(type));
    setState(type, 'pending');
    setNotice(null);
    try {
      const result = await untilAnswered(
        () =>
          sendGuestRequest(restaurantId, tableId, type, press.key, {
            note: press.note,
            urgent: press.urgent,
          }),
        () => setRetrying(true),
        waker.wait.bind(waker),
      );
      navigator.vibrate?.(GUEST_SEND_VIBRATION_MS);
      setOwn(rememberOwnPress(ref, result.request.id, press.key));
      // The note and flag went with this press; the next one starts without them.
      setExtras(NO_EXTRAS);
      setCooldown(result.cooldownRemainingSeconds);
      setState(type, 'sent');
      setDone(null);
      setAnnouncement(
        guestText(i18n, 'guest.announceSent', {
          label: guestButtonLabel(i18n, type, restaurant),
          seconds: result.cooldownRemainingSeconds,
        }),
      );
      // The status card shows the request at once, whether or not the live channel is up; a page drawn from the
      // cache fetches the table now that the service answers.
      recheck();
      waker.wake();
      sentTimers.current.set(
        type,
        window.setTimeout(() => setState(type, 'idle'), SENT_CONFIRMATION_MS),
      );
    } catch (error) {
      setState(type, 'idle');
      if (error instanceof ApiRequestError && error.code === 'cooldown') {
        // Another guest at this table was quicker: the countdown shows the wait, the notice which request is in
        // (the table is fetched in case the live channel has not brought it).
        setCooldown(error.retryAfterSeconds ?? 0);
        void store.load().then(() => setNotice(refusedNotice()));
        setNotice(refusedNotice());
        return;
      }
      if (error instanceof ApiRequestError && isNoteProblem(error.code)) {
        const problem = error.code;
        setExtras((current) => ({ ...current, noteError: noteRefusal(i18n, problem) }));
        return;
      }
      if (error instanceof ApiRequestError && error.code === 'request_type_unavailable') {
        // Decision 087: the owner hid or deleted this button since the page was drawn; the table's data brings
        // the buttons as they are now.
        void store.load();
        setNotice(guestText(i18n, 'guest.typeUnavailable'));
        return;
      }
      if (error instanceof ApiRequestError && error.code === 'restaurant_closed') {
        // Decision 100: the hours passed while the page was open: the page says "closed" as it would on load.
        setCooldown(0);
        store.update((current) => ({ ...current, closedNow: true }));
        return;
      }
      // Any other refusal is the service's final answer (issue 29): said inline, not retried.
      setCooldown(0);
      setNotice(refusal(i18n, error));
    } finally {
      delivering.current = null;
      clearPendingPress(ref);
      setSending(null);
      setRetrying(false);
    }
  }

  /** Decision 071: this phone's change to its own request; the table's channel brings it to every other screen. */
  function change(request: () => Promise<{ request: GuestRequestState }>, after?: () => void) {
    setChanging(true);
    setNotice(null);
    request()
      .then(({ request: changed }) => {
        store.update((current) => applyTableRequest(current, changed) ?? current);
        after?.();
      })
      .catch((error: unknown) => {
        const taken = error instanceof ApiRequestError && error.code === 'request_taken';
        setNotice(guestText(i18n, taken ? 'guest.cancelTooLate' : 'guest.changeFailed'));
        recheck();
      })
      .finally(() => setChanging(false));
  }

  const status = statusOfOpen(data.openRequests, data.usualWaits);
  const ownKey = status?.id ? own[status.id] : undefined;
  const ownActions: OwnRequestActions | null =
    status?.id && ownKey
      ? {
          busy: changing,
          onCancel: () => {
            const id = status.id as string;
            change(
              () => cancelGuestRequest(ref, id, ownKey),
              () => {
                setAnnouncement(guestText(i18n, 'guest.cancelled'));
                endCooldownWithRequest();
              },
            );
          },
          onBillMethod: (method: BillMethod) => {
            const id = status.id as string;
            change(() => setGuestBillMethod(ref, id, ownKey, method));
          },
        }
      : null;

  const showDone = done !== null && now < done.until;
  const waitingLabel =
    sending && retrying ? guestButtonLabel(i18n, sending.type, restaurant) : null;
  return (
    <GuestTableView
      restaurant={restaurant}
      tableNumber={table.number}
      states={states}
      cooldown={cooldown}
      closed={data.closedNow}
      sending={sending !== null}
      connection={
        waitingLabel !== null || unreachable
          ? { waitingLabel, onRetryNow: () => waker.wake() }
          : null
      }
      onPress={send}
      status={status ?? (showDone ? done.status : null)}
      own={ownActions}
      feedback={
        feedback && now < feedback.until ? (
          <Suspense fallback={null}>
            <GuestFeedback
              key={feedback.id}
              table={ref}
              requestId={feedback.id}
              type={feedback.type}
              pressKey={feedback.pressKey}
              reviewUrl={restaurant.reviewUrl}
              color={primary}
              onReopened={(reopened) => {
                // Back to pending: the status card shows it again (the table's channel brings it too).
                store.update((current) => applyTableRequest(current, reopened) ?? current);
                setDone(null);
              }}
              onClose={() => setFeedback(null)}
            />
          </Suspense>
        ) : null
      }
      extras={extras}
      onNoteChange={(note) => setExtras((current) => ({ ...current, note, noteError: null }))}
      onUrgentChange={(urgent) => setExtras((current) => ({ ...current, urgent }))}
      now={now}
      notice={notice}
      announcement={announcement}
      locale={language.locale}
      onLocaleChange={language.onLocaleChange}
    />
  );
}
