/**
 * The floor board's list (decision 080), pure: open requests oldest first (the longest wait on top), a live event
 * folded in (an open request added or replaced, a closed one removed), and the wait's tone by its age against the
 * restaurant's escalation time. Never colour alone: each tone has its own word and icon on the screen.
 */
import type { BoardRequest, BoardSnapshot } from '@shared/board';

export type WaitTone = 'fresh' | 'long' | 'overdue' | 'taken';

const isOpen = (request: BoardRequest) =>
  request.status === 'pending' || request.status === 'acknowledged';

const oldestFirst = (a: BoardRequest, b: BoardRequest) =>
  a.createdAt - b.createdAt || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);

export function sortBoard(requests: readonly BoardRequest[]): BoardRequest[] {
  return [...requests].filter(isOpen).sort(oldestFirst);
}

/** A request event folded into the snapshot: the total moves with what entered or left the open list. */
export function applyBoardRequest(snapshot: BoardSnapshot, request: BoardRequest): BoardSnapshot {
  const had = snapshot.requests.some((r) => r.id === request.id);
  const others = snapshot.requests.filter((r) => r.id !== request.id);
  const open = isOpen(request);
  const delta = (open ? 1 : 0) - (had ? 1 : 0);
  return {
    ...snapshot,
    requests: sortBoard(open ? [...others, request] : others),
    openTotal: Math.max(0, snapshot.openTotal + delta),
  };
}

/**
 * Taken: someone is on it. Otherwise by age: overdue from the restaurant's escalation time (or when the server says
 * so), "waiting long" from half of it, fresh before.
 */
export function waitToneOf(
  request: BoardRequest,
  now: number,
  escalateAfterMinutes: number,
): WaitTone {
  if (request.status === 'acknowledged') return 'taken';
  const age = now - request.createdAt;
  const overdueAt = escalateAfterMinutes * 60_000;
  if (request.overdue || age >= overdueAt) return 'overdue';
  if (age >= overdueAt / 2) return 'long';
  return 'fresh';
}
