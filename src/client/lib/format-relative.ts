/** Relative times on request cards (SPEC §2 /server/requests): 'just now', '2 minutes ago', '1 hour ago'. */
const formatter = new Intl.RelativeTimeFormat('en', { numeric: 'always' });

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

export function formatRelative(timestamp: number, now: number): string {
  const elapsed = Math.max(0, now - timestamp);
  if (elapsed < MINUTE) return 'just now';
  if (elapsed < HOUR) return formatter.format(-Math.floor(elapsed / MINUTE), 'minute');
  if (elapsed < DAY) return formatter.format(-Math.floor(elapsed / HOUR), 'hour');
  return formatter.format(-Math.floor(elapsed / DAY), 'day');
}

/**
 * How long a request has been waiting, short enough to read at a glance and ticking (issue 12): '45 s' under a
 * minute, '3 min' under an hour, then '1 h 5 min', then '2 d'. Never negative (clock skew reads as '0 s').
 */
export function formatElapsed(elapsedMs: number): string {
  const elapsed = Math.max(0, elapsedMs);
  if (elapsed < MINUTE) return `${Math.floor(elapsed / 1000)} s`;
  if (elapsed < HOUR) return `${Math.floor(elapsed / MINUTE)} min`;
  if (elapsed < DAY) {
    const minutes = Math.floor((elapsed % HOUR) / MINUTE);
    return `${Math.floor(elapsed / HOUR)} h${minutes > 0 ? ` ${minutes} min` : ''}`;
  }
  return `${Math.floor(elapsed / DAY)} d`;
}
