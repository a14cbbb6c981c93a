/**
 * /board (issue 28 item 4, decision 080): a wall screen at the waiter station. Unpaired, it asks for the one-time
 * code an admin made in Settings → Floor boards; paired, it holds only the board's own read-only credential (an
 * HttpOnly cookie) and shows the restaurant's open requests, live. It recovers by itself: the live channel
 * reconnects with backoff and every reconnect refetches the snapshot; a revoked board shows the pairing form again.
 */
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useState, type FormEvent } from 'react';
import { BOARD_CODE_LENGTH } from '../../../../shared/constants';
import { appText } from '../../../../shared/i18n/app';
import { Button } from '../../../components/ui/button';
import { FieldError, inputClass } from '../../../components/ui/form-field';
import { LoadingScreen } from '../../../components/ui/spinner';
import { ApiRequestError, messageFrom } from '../../../lib/api-client';
import { useI18n } from '../../../lib/i18n';
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
    if (code.trim() === '') return setError(appText(i18n, 'app.board.codeRequired'));
    setPending(true);
    setError(null);
    try {
      await pairScreen(code);
      onPaired();
    } catch (err) {
      setError(
        err instanceof ApiRequestError && err.code === 'board_code_invalid'
          ? appText(i18n, 'app.board.codeInvalid')
          : messageFrom(err, appText(i18n, 'app.board.pairFailed')),
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
          {appText(i18n, 'app.board.pairTitle')}
        </h1>
        {revoked && (
          <p
            role="alert"
            className="rounded-control bg-warning-100 p-3 text-warning-900 lg:text-lg"
          >
            {appText(i18n, 'app.board.revokedNotice')}
          </p>
        )}
        <p className="text-body lg:text-lg">{appText(i18n, 'app.board.pairHelp')}</p>
        <div className="space-y-2">
          <label htmlFor={inputId} className="block font-semibold text-ink lg:text-lg">
            {appText(i18n, 'app.board.codeLabel')}
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
          {appText(i18n, 'app.board.pairButton')}
        </Button>
      </form>
    </main>
  );
}

export function BoardPage() {
  const i18n = useI18n();
  useDocumentTitle(appText(i18n, 'app.board.pageTitle'));
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
  if (!board.data) return <LoadingScreen label={appText(i18n, 'app.board.loading')} />;
  const { snapshot, skew, receivedAt } = board.data;
  const lastUpdate = new Intl.DateTimeFormat(i18n.locale, { timeStyle: 'short' }).format(
    receivedAt,
  );
  return (
    <BoardView snapshot={snapshot} now={clock + skew} status={status} lastUpdate={lastUpdate} />
  );
}
