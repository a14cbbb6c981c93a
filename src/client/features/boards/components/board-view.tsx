/**
 * The wall screen itself (decision 080): every open request of the restaurant, oldest first, in type large enough
 * to read from 3 m on a 1920 × 1080 TV, still sane on a 1366 tablet and a 360 px phone. Each wait's tone shows as a
 * colour AND a word with its icon (never colour alone); no guest data (a note shows only as "see phone").
 */
import { appTableLabel, appText } from '@shared/i18n/app';
import { boardText } from '@shared/i18n/board';
import type { I18n } from '@shared/i18n/i18n';
import type { BoardRequest, BoardSnapshot } from '@shared/board';
import {
  REQUEST_EXTRA_ICON_PATHS,
  requestTypeTone,
  RequestTypeIcon,
  StrokeIcon,
} from '../../../components/ui/request-type-icon';
import { useI18n } from '../../../lib/i18n';
import { elapsedText, typeText, type TypeNames } from '../../../lib/request-text';
import type { LiveStatus } from '../../../lib/live-client';
import { waitToneOf, type WaitTone } from '../lib/board-list';

const TONE_STYLE: Record<WaitTone, { card: string; badge: string; icon: string }> = {
  fresh: {
    card: 'border-s-line-strong',
    badge: 'bg-sunken text-ink-soft',
    icon: REQUEST_EXTRA_ICON_PATHS.clock,
  },
  long: {
    card: 'border-s-warning-500',
    badge: 'bg-warning-100 text-warning-900',
    icon: REQUEST_EXTRA_ICON_PATHS.clock,
  },
  overdue: {
    card: 'border-s-danger-600 bg-danger-50',
    badge: 'bg-danger-700 text-white',
    icon: REQUEST_EXTRA_ICON_PATHS.urgent,
  },
  taken: {
    card: 'border-s-success-600',
    badge: 'bg-success-100 text-success-900',
    // a walking figure: someone is on the way
    icon: 'M13 4.5a1.5 1.5 0 1 0 0-3 1.5 1.5 0 0 0 0 3ZM9 20l3-6 3 3v5M7 12l3-4 3 1 2 3 3 1M11 9l-1 5',
  },
};

function toneText(i18n: I18n, tone: WaitTone, request: BoardRequest): string {
  switch (tone) {
    case 'fresh':
      return boardText(i18n, 'board.waiting');
    case 'long':
      return boardText(i18n, 'board.waitingLong');
    case 'overdue':
      return appText(i18n, 'app.console.overdue');
    case 'taken':
      return request.takenBy
        ? appText(i18n, 'app.console.takenBy', { name: request.takenBy })
        : boardText(i18n, 'board.taken');
  }
}

function tableOf(i18n: I18n, request: BoardRequest): string {
  return request.tableNumber === null
    ? appText(i18n, 'app.console.unknownTable')
    : appTableLabel(i18n, request.tableNumber);
}

function BoardCard({
  request,
  now,
  escalateAfterMinutes,
  names,
}: {
  request: BoardRequest;
  now: number;
  escalateAfterMinutes: number;
  /** The restaurant's own buttons (decision 087). */
  names: TypeNames;
}) {
  const i18n = useI18n();
  const tone = waitToneOf(request, now, escalateAfterMinutes);
  const style = TONE_STYLE[tone];
  const table = tableOf(i18n, request);
  const type = typeText(i18n, request.type, names);
  const wait = elapsedText(i18n, now - request.createdAt);
  return (
    <li
      data-testid="board-request"
      data-tone={tone}
      className={`flex min-w-0 flex-col gap-2 rounded-card border border-s-8 border-line bg-white p-3 shadow-sm sm:p-4 xl:gap-3 xl:p-5 ${style.card}`}
    >
      <div className="flex items-baseline justify-between gap-3">
        <p className="min-w-0 truncate text-3xl font-bold text-ink lg:text-4xl 2xl:text-6xl">
          {table}
        </p>
        <p className="shrink-0 text-2xl font-semibold tabular-nums text-ink-soft lg:text-3xl 2xl:text-5xl">
          <span className="sr-only">{boardText(i18n, 'board.waitedFor')} </span>
          {wait}
        </p>
      </div>
      <p className="flex min-w-0 items-center gap-2 text-lg font-semibold text-body lg:text-2xl 2xl:text-3xl">
        <span
          className={`inline-flex shrink-0 items-center justify-center rounded-control p-1 ${requestTypeTone(request.type).tile}`}
        >
          <RequestTypeIcon
            type={request.type}
            requestTypes={names.requestTypes}
            className="size-6 lg:size-8 2xl:size-10"
          />
        </span>
        <span className="min-w-0 truncate">{type}</span>
      </p>
      <div className="flex flex-wrap items-center gap-2 text-base font-semibold lg:text-xl 2xl:text-2xl">
        <span
          className={`inline-flex items-center gap-1.5 rounded-control px-2 py-1 ${style.badge}`}
        >
          <StrokeIcon d={style.icon} className="size-5 shrink-0 lg:size-6" strokeWidth="2.2" />
          {toneText(i18n, tone, request)}
        </span>
        {tone !== 'taken' && (
          <span className="text-muted">{boardText(i18n, 'board.notTaken')}</span>
        )}
        {request.urgent && (
          <span className="inline-flex items-center gap-1.5 rounded-control bg-danger-100 px-2 py-1 text-danger-900">
            <StrokeIcon d={REQUEST_EXTRA_ICON_PATHS.urgent} className="size-5 shrink-0 lg:size-6" />
            {boardText(i18n, 'board.urgent')}
          </span>
        )}
        {request.hasNote && (
          <span className="inline-flex items-center gap-1.5 rounded-control bg-info-100 px-2 py-1 text-info-900">
            <StrokeIcon d={REQUEST_EXTRA_ICON_PATHS.note} className="size-5 shrink-0 lg:size-6" />
            {boardText(i18n, 'board.hasNote')}
          </span>
        )}
      </div>
    </li>
  );
}

function LiveIndicator({ status, lastUpdate }: { status: LiveStatus; lastUpdate: string }) {
  const i18n = useI18n();
  const live = status === 'open';
  return (
    <p
      role="status"
      data-testid="board-live"
      data-live={live}
      className={`inline-flex items-center gap-2 rounded-control px-3 py-1.5 text-base font-semibold lg:text-xl 2xl:text-3xl ${
        live ? 'bg-success-100 text-success-900' : 'bg-warning-100 text-warning-900'
      }`}
    >
      <span
        aria-hidden="true"
        className={`size-3 shrink-0 rounded-full ${live ? 'bg-success-600' : 'bg-warning-600'}`}
      />
      {live ? (
        boardText(i18n, 'board.live')
      ) : (
        <span>
          {boardText(i18n, 'board.reconnecting')}{' '}
          <span className="font-normal">
            {boardText(i18n, 'board.lastUpdate', { time: lastUpdate })}
          </span>
        </span>
      )}
    </p>
  );
}

export function BoardView({
  snapshot,
  now,
  status,
  lastUpdate,
}: {
  snapshot: BoardSnapshot;
  /** The server's time, ticking (the screen's clock corrected by the snapshot's). */
  now: number;
  status: LiveStatus;
  lastUpdate: string;
}) {
  const i18n = useI18n();
  const { requests, restaurant, board, openTotal } = snapshot;
  const hidden = openTotal - requests.length;
  return (
    <div className="flex min-h-dvh flex-col bg-canvas">
      <header className="flex flex-wrap items-center justify-between gap-3 border-b border-line bg-white px-4 py-3 lg:px-8 lg:py-4">
        <div className="min-w-0">
          <h1 className="truncate text-2xl font-bold text-ink lg:text-4xl 2xl:text-5xl">
            {restaurant.name}
          </h1>
          <p className="truncate text-sm text-muted lg:text-lg 2xl:text-2xl">{board.name}</p>
        </div>
        <div className="flex flex-wrap items-center gap-3">
          <p
            className="text-xl font-semibold text-ink lg:text-3xl 2xl:text-4xl"
            data-testid="board-count"
          >
            {boardText(i18n, 'board.openCount', { count: openTotal })}
          </p>
          <LiveIndicator status={status} lastUpdate={lastUpdate} />
        </div>
      </header>
      <main className="flex-1 p-3 sm:p-4 lg:p-6">
        {requests.length === 0 ? (
          <div className="flex h-full min-h-[50dvh] flex-col items-center justify-center gap-2 text-center">
            <p className="text-3xl font-semibold text-ink lg:text-5xl">
              {boardText(i18n, 'board.empty')}
            </p>
            <p className="text-lg text-muted lg:text-2xl">{boardText(i18n, 'board.emptyHint')}</p>
          </div>
        ) : (
          <>
            <ol
              aria-label={boardText(i18n, 'board.listLabel')}
              className="grid grid-cols-1 gap-3 md:grid-cols-2 lg:gap-4 2xl:grid-cols-3 2xl:gap-5"
            >
              {requests.map((request) => (
                <BoardCard
                  key={request.id}
                  request={request}
                  now={now}
                  escalateAfterMinutes={restaurant.escalateAfterMinutes}
                  names={restaurant}
                />
              ))}
            </ol>
            {hidden > 0 && (
              <p className="mt-4 text-center text-xl font-semibold text-muted lg:text-3xl">
                {boardText(i18n, 'board.more', { count: hidden })}
              </p>
            )}
          </>
        )}
      </main>
    </div>
  );
}
