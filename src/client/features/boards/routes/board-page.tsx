/**
 * /board (issue 28 item 4, decision 080): a wall screen at the waiter station. Unpaired, it asks for the one-time
 * code an admin made in Settings → Floor boards; paired, it holds only the board's own read-only credential (an
 * HttpOnly cookie) and shows the restaurant's open requests, live. It recovers by itself: the live channel
 * reconnects with backoff and every reconnect refetches the snapshot; a revoked board shows the pairing form again.
 */
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useState, type FormEvent } from 'react';
import { loadBoardMessages } from '@shared/i18n/compiled/board';
import { createI18n, type I18n } from '@shared/i18n/i18n';
import type { Locale } from '@shared/i18n/locales';
import { BOARD_CODE_LENGTH } from '@shared/constants';
import { appText } from '@shared/i18n/app';
import { boardText } from '@shared/i18n/board';
import { Button } from '../../../components/ui/button';
import { FieldError, inputClass } from '../../../components/ui/form-field';
import { LoadingScreen } from '../../../components/ui/spinner';
import { ApiRequestError, messageFrom } from '../../../lib/api-client';
import { I18nContext, useI18n } from '../../../lib/i18n';
import type { LiveStatus } from '../../../lib/live-client';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useNow } from '../../../lib/use-now';
import { useWakeLock } from '../../../lib/wake-lock';
import { BOARD_KEY, isUnpaired, pairScreen, startBoardLive, useBoard } from '../api/board-api';
import { BoardView } from '../components/board-view';

function PairingForm({ onPaired, revoked }: { onPaired: () => void; revoked: boolean }) {
  const i18n = useI18n();
  const inputId = useId();
  const errorId = useId();
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (code.trim() === '') return setError(boardText(i18n, 'board.codeRequired'));
    setPending(true);
    setError(null);
    try {
      await pairScreen(code);
      onPaired();
    } catch (err) {
      setError(
        err instanceof ApiRequestError && err.code === 'board_code_invalid'
          ? appText(i18n, 'app.board.codeInvalid')
          : messageFrom(err, boardText(i18n, 'board.pairFailed')),
      );
    } finally {
      setPending(false);
    }
  };
  return (
    <main className="flex min-h-dvh items-center justify-center bg-canvas p-4">
      <form
        noValidate
        onSubmit={(e) => void submit(e)}
        className="w-full max-w-xl space-y-5 rounded-card border border-line bg-white p-6 shadow-sm lg:p-10"
      >
        <h1 className="text-3xl font-bold text-ink lg:text-4xl">
          {boardText(i18n, 'board.pairTitle')}
        </h1>
        {revoked && (
          <p
            role="alert"
            className="rounded-control bg-warning-100 p-3 text-warning-900 lg:text-lg"
          >
            {boardText(i18n, 'board.revokedNotice')}
          </p>
        )}
        <p className="text-body lg:text-lg">{boardText(i18n, 'board.pairHelp')}</p>
        <div className="space-y-2">
          <label htmlFor={inputId} className="block font-semibold text-ink lg:text-lg">
            {boardText(i18n, 'board.codeLabel')}
          </label>
          <input
            id={inputId}
            name="code"
            value={code}
            onChange={(e) => setCode(e.target.value)}
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            // The screen's only field, typed with a remote or an on-screen keyboard.
            autoFocus
            maxLength={BOARD_CODE_LENGTH + 4}
            aria-invalid={error !== null}
            aria-describedby={error ? errorId : undefined}
            className={`${inputClass(error !== null)} text-center font-mono text-3xl tracking-widest uppercase lg:text-4xl`}
          />
          {error && <FieldError id={errorId}>{error}</FieldError>}
        </div>
        <Button type="submit" size="lg" fullWidth isLoading={pending}>
          {boardText(i18n, 'board.pairButton')}
        </Button>
      </form>
    </main>
  );
}

function BoardScreen() {
  const i18n = useI18n();
  useDocumentTitle(boardText(i18n, 'board.pageTitle'));
  const queryClient = useQueryClient();
  // null: not known yet (the first snapshot says); false: show the pairing form.
  const [paired, setPaired] = useState<boolean | null>(null);
  const [revoked, setRevoked] = useState(false);
  const [status, setStatus] = useState<LiveStatus>('connecting');
  const board = useBoard(paired !== false);
  const unpaired = board.isError && isUnpaired(board.error);
  const showBoard = paired !== false && !unpaired && board.data !== undefined;
  // A wall screen stays on while it shows the floor.
  useWakeLock(showBoard);
  const clock = useNow(1_000);

  useEffect(() => {
    if (unpaired) setPaired(false);
    else if (board.data) setPaired(true);
  }, [unpaired, board.data]);

  useEffect(() => {
    if (paired !== true) return;
    return startBoardLive(queryClient, {
      onStatus: setStatus,
      onRevoked: () => {
        queryClient.removeQueries({ queryKey: BOARD_KEY });
        setRevoked(true);
        setPaired(false);
      },
    });
  }, [paired, queryClient]);

  if (paired === false || unpaired)
    return (
      <PairingForm
        revoked={revoked}
        onPaired={() => {
          queryClient.removeQueries({ queryKey: BOARD_KEY });
          setRevoked(false);
          setPaired(null);
        }}
      />
    );
  if (!board.data) return <LoadingScreen label={boardText(i18n, 'board.loading')} />;
  const { snapshot, skew, receivedAt } = board.data;
  const lastUpdate = new Intl.DateTimeFormat(i18n.locale, { timeStyle: 'short' }).format(
    receivedAt,
  );
  return (
    <BoardView snapshot={snapshot} now={clock + skew} status={status} lastUpdate={lastUpdate} />
  );
}

/**
 * The board's own catalogue (a chunk per language, never in the console's first load), merged over the app's for the
 * language the staff screens chose: the board speaks the screen's language from its first word.
 */
export function BoardPage() {
  const app = useI18n();
  const [loaded, setLoaded] = useState<{ app: I18n; i18n: I18n } | null>(null);
  useEffect(() => {
    let live = true;
    const locale = app.locale as Locale;
    void loadBoardMessages[locale]().then((messages) => {
      if (live) setLoaded({ app, i18n: createI18n(locale, { ...app.messages, ...messages }) });
    });
    return () => {
      live = false;
    };
  }, [app]);
  if (loaded?.app !== app) return <LoadingScreen />;
  return (
    <I18nContext value={loaded.i18n}>
      <BoardScreen />
    </I18nContext>
  );
}
