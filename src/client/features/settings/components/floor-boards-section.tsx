/**
 * Settings → Floor boards (issue 28 item 4, decision 080): the owner names a screen and gets a one-time pairing
 * code (shown once, good for 10 minutes) to type at /board on the TV; the list shows each board's state and when it
 * was last seen, and revokes one (its screen closes at once).
 */
import { useId, useState, type FormEvent } from 'react';
import { toast } from '../../../lib/toast';
import { formatBoardCode, type BoardSummary, type CreateBoardResponse } from '@shared/board';
import { BOARD_NAME_MAX } from '@shared/constants';
import { appText } from '@shared/i18n/app';
import { paths } from '@shared/paths';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { LoadError } from '../../../components/ui/empty-state';
import { FieldError, inputClass } from '../../../components/ui/form-field';
import { Skeleton } from '../../../components/ui/skeleton';
import { messageFrom } from '../../../lib/api-client';
import { useI18n } from '../../../lib/i18n';
import { useNow } from '../../../lib/use-now';
import { useBoards, useCreateBoard, useRevokeBoard } from '../api/boards-api';

function NewCode({ created }: { created: CreateBoardResponse }) {
  const i18n = useI18n();
  const time = new Intl.DateTimeFormat(i18n.locale, { timeStyle: 'short' });
  const url = `${window.location.origin}${paths.board}`;
  return (
    <div role="status" className="rounded-card border border-brand-200 bg-brand-50 p-4">
      <p className="text-sm font-semibold text-brand-900">
        {appText(i18n, 'app.board.codeFor', { name: created.board.name })}
      </p>
      <p
        data-testid="board-code"
        className="mt-2 font-mono text-4xl font-bold tracking-widest text-ink"
      >
        {formatBoardCode(created.code)}
      </p>
      <p className="mt-2 text-sm text-body">
        {appText(i18n, 'app.board.codeHelp', {
          url,
          time: time.format(created.board.codeExpiresAt ?? created.board.createdAt),
        })}
      </p>
    </div>
  );
}

function BoardLine({
  board,
  now,
  onRevoke,
}: {
  board: BoardSummary;
  now: number;
  onRevoke: (board: BoardSummary) => void;
}) {
  const i18n = useI18n();
  const dateTime = new Intl.DateTimeFormat(i18n.locale, {
    dateStyle: 'medium',
    timeStyle: 'short',
  });
  const time = new Intl.DateTimeFormat(i18n.locale, { timeStyle: 'short' });
  const relative = new Intl.RelativeTimeFormat(i18n.locale, { numeric: 'auto' });
  const seen =
    board.lastSeenAt === null
      ? appText(i18n, 'app.board.neverSeen')
      : appText(i18n, 'app.board.lastSeen', {
          when:
            now - board.lastSeenAt < 60 * 60_000
              ? relative.format(-Math.floor((now - board.lastSeenAt) / 60_000), 'minute')
              : dateTime.format(board.lastSeenAt),
        });
  return (
    <li className="flex flex-wrap items-center justify-between gap-3 py-3" data-testid="board-line">
      <div className="min-w-0">
        <p className="truncate font-semibold text-ink">{board.name}</p>
        <p className="text-sm text-muted">
          {board.status === 'paired'
            ? `${appText(i18n, 'app.board.paired', { date: dateTime.format(board.pairedAt ?? board.createdAt) })} · ${seen}`
            : appText(i18n, 'app.board.pending', {
                time: time.format(board.codeExpiresAt ?? board.createdAt),
              })}
        </p>
      </div>
      <Button variant="danger-outline" onClick={() => onRevoke(board)}>
        {appText(i18n, 'app.board.revoke')}
        <span className="sr-only"> {board.name}</span>
      </Button>
    </li>
  );
}

export function FloorBoardsSection({ restaurantId }: { restaurantId: string }) {
  const i18n = useI18n();
  const inputId = useId();
  const errorId = useId();
  const boards = useBoards(restaurantId);
  const create = useCreateBoard(restaurantId);
  const revoke = useRevokeBoard(restaurantId);
  const [name, setName] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [created, setCreated] = useState<CreateBoardResponse | null>(null);
  const [revoking, setRevoking] = useState<BoardSummary | null>(null);
  const now = useNow(30_000);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (name.trim() === '') return setError(appText(i18n, 'app.board.nameRequired'));
    setError(null);
    create.mutate(name.trim(), {
      onSuccess: (answer) => {
        setCreated(answer);
        setName('');
      },
      onError: (err) => setError(messageFrom(err, appText(i18n, 'app.board.createFailed'))),
    });
  };

  const confirmRevoke = () => {
    if (!revoking) return;
    const target = revoking;
    revoke.mutate(target.id, {
      onSuccess: () => {
        toast.success(appText(i18n, 'app.board.revoked', { name: target.name }));
        if (created?.board.id === target.id) setCreated(null);
        setRevoking(null);
      },
      onError: (err) => {
        toast.error(messageFrom(err, appText(i18n, 'app.board.revokeFailed')));
        setRevoking(null);
      },
    });
  };

  return (
    <div className="space-y-5">
      <form noValidate onSubmit={submit} className="flex flex-wrap items-end gap-3">
        <div className="min-w-0 flex-1 basis-56 space-y-1">
          <label htmlFor={inputId} className="block text-sm font-medium text-ink-soft">
            {appText(i18n, 'app.board.nameLabel')}
          </label>
          <input
            id={inputId}
            value={name}
            maxLength={BOARD_NAME_MAX}
            onChange={(e) => setName(e.target.value)}
            placeholder={appText(i18n, 'app.board.namePlaceholder')}
            aria-invalid={error !== null}
            aria-describedby={error ? errorId : undefined}
            className={inputClass(error !== null)}
          />
        </div>
        <Button type="submit" isLoading={create.isPending}>
          {appText(i18n, 'app.board.createCode')}
        </Button>
        {error && (
          <div className="basis-full">
            <FieldError id={errorId}>{error}</FieldError>
          </div>
        )}
      </form>

      {created && <NewCode created={created} />}

      {boards.isPending ? (
        <div role="status" className="space-y-2">
          <span className="sr-only">{appText(i18n, 'app.board.listLoading')}</span>
          <Skeleton className="h-12 w-full" />
        </div>
      ) : boards.isError ? (
        <LoadError
          message={appText(i18n, 'app.board.loadFailed')}
          onRetry={() => void boards.refetch()}
        />
      ) : boards.data.length === 0 ? (
        <p className="text-sm text-muted">{appText(i18n, 'app.board.listEmpty')}</p>
      ) : (
        <ul aria-label={appText(i18n, 'app.board.listTitle')} className="divide-y divide-line">
          {boards.data.map((board) => (
            <BoardLine key={board.id} board={board} now={now} onRevoke={setRevoking} />
          ))}
        </ul>
      )}

      <ConfirmDialog
        open={revoking !== null}
        title={appText(i18n, 'app.board.revokeTitle', { name: revoking?.name ?? '' })}
        message={appText(i18n, 'app.board.revokeMessage')}
        confirmLabel={appText(i18n, 'app.board.revoke')}
        tone="danger"
        isPending={revoke.isPending}
        onConfirm={confirmRevoke}
        onCancel={() => setRevoking(null)}
      />
    </div>
  );
}
