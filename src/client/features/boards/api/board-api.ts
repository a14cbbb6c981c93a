/**
 * The floor board's data (decision 080): the snapshot (GET /api/board, with the board's own cookie), the pairing,
 * and the live channel that keeps the snapshot current. Like the console (live-provider.tsx), every (re)connect
 * refetches the snapshot, so events missed during a gap (a network loss, a server restart) are never missed.
 */
import { useQuery, type QueryClient } from '@tanstack/react-query';
import { findCustomType, isSpecType } from '@shared/request-types';
import { boardLiveEventSchema, type BoardSnapshot } from '@shared/board';
import { BOARD_REVOKED_CLOSE } from '@shared/constants';
import { ApiRequestError, call } from '../../../lib/api-client';
import { api } from '../../../lib/api-ref';
import { boardLiveUrl, LiveClient, type LiveStatus } from '../../../lib/live-client';
import { applyBoardRequest } from '../lib/board-list';

export const BOARD_KEY = ['board'] as const;

/** The board asks again now and then anyway: the server's 'overdue' flags, and a safety net under the socket. */
const REFRESH_MS = 60_000;

/** 401: this screen holds no (or a revoked) board credential — show the pairing form. */
export const isUnpaired = (error: unknown): boolean =>
  error instanceof ApiRequestError && error.status === 401;

export interface BoardData {
  snapshot: BoardSnapshot;
  /** The server's clock minus this screen's, when the snapshot came (a TV's clock is often wrong). */
  skew: number;
  /** When this screen last heard from the server (its own clock). */
  receivedAt: number;
}

async function fetchBoard(): Promise<BoardData> {
  const snapshot = await call(api('getBoard'));
  const receivedAt = Date.now();
  return { snapshot, skew: snapshot.now - receivedAt, receivedAt };
}

export function useBoard(enabled: boolean) {
  return useQuery({
    queryKey: BOARD_KEY,
    queryFn: fetchBoard,
    enabled,
    refetchInterval: REFRESH_MS,
    refetchIntervalInBackground: true,
    // Unpaired is an answer, not a failure; anything else (the server away) is tried again, backing off.
    retry: (count, error) => !isUnpaired(error) && count < 1_000_000,
    retryDelay: (attempt) => Math.min(10_000, 500 * 2 ** attempt),
  });
}

export const pairScreen = (code: string) => call(api('pairBoard'), { body: { code } });

/**
 * Opens the board's live channel: every (re)connect refetches the snapshot (resync), a request event is folded
 * in, a 'resync' refetches. A revoked board's socket is closed with BOARD_REVOKED_CLOSE: the client stops and
 * `onRevoked` shows the pairing form.
 */
export function startBoardLive(
  queryClient: QueryClient,
  callbacks: { onStatus: (status: LiveStatus) => void; onRevoked: () => void },
): () => void {
  const refetch = () => void queryClient.invalidateQueries({ queryKey: BOARD_KEY });
  let revoked = false;
  const client = new LiveClient({
    url: boardLiveUrl(window.location),
    parse: (data) => {
      try {
        const parsed = boardLiveEventSchema.safeParse(JSON.parse(String(data)));
        return parsed.success ? parsed.data : null;
      } catch {
        return null;
      }
    },
    finalCloseCodes: [BOARD_REVOKED_CLOSE],
    onEvent: (event) => {
      if (event.type === 'resync') return refetch();
      // Decision 087: a button the owner added after the snapshot came; the snapshot brings its label and icon.
      const known =
        queryClient.getQueryData<BoardData>(BOARD_KEY)?.snapshot.restaurant.requestTypes;
      if (known && !isSpecType(event.request.type) && !findCustomType(known, event.request.type))
        refetch();
      queryClient.setQueryData<BoardData>(BOARD_KEY, (current) =>
        current
          ? {
              ...current,
              snapshot: applyBoardRequest(current.snapshot, event.request),
              receivedAt: Date.now(),
            }
          : current,
      );
      // A snapshot asked for before this event (the one every connect asks for) may answer without it and would draw
      // over it: ask again, after the event, so the answer holds it.
      if (queryClient.isFetching({ queryKey: BOARD_KEY }) > 0) refetch();
    },
    onOpen: refetch,
    // A lost socket may be a revoked board whose handshake is now refused: the snapshot's 401 says so.
    onDisconnect: refetch,
    onStatusChange: (status) => {
      callbacks.onStatus(status);
      // Stopped by the server's revocation (not by this page): the board is no more.
      if (status === 'closed' && !revoked && !stopping) {
        revoked = true;
        callbacks.onRevoked();
      }
    },
  });
  let stopping = false;
  client.start();
  return () => {
    stopping = true;
    client.stop();
  };
}
