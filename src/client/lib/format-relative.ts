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
