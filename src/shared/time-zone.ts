/**
 * Restaurant time zones (issue 13, decision 045): an IANA name this runtime's Intl knows, or 'UTC' (Intl's list
 * leaves UTC out). A name Intl accepts as an alias (Asia/Kolkata where the list says Asia/Calcutta, or the other
 * way round) is stored under the list's own spelling, so a browser and a server with ICU versions a few years
 * apart still agree.
 */
export const DEFAULT_TIME_ZONE = 'UTC';

let known: Set<string> | null = null;
function knownTimeZones(): Set<string> {
  known ??= new Set(['UTC', ...Intl.supportedValuesOf('timeZone')]);
  return known;
}

/** The zone names to offer in a picker, sorted, 'UTC' included. */
export function timeZoneNames(): string[] {
  return [...knownTimeZones()].sort();
}

/** The list's own spelling of `name`, or null when it is no time zone. */
export function canonicalTimeZone(name: string): string | null {
  if (name.length === 0 || name.length > 64) return null;
  if (knownTimeZones().has(name)) return name;
  try {
    const resolved = new Intl.DateTimeFormat('en', { timeZone: name }).resolvedOptions().timeZone;
    if (knownTimeZones().has(resolved)) return resolved;
    if (resolved === 'Etc/UTC' || resolved === 'Etc/GMT') return DEFAULT_TIME_ZONE;
  } catch {
    // RangeError: not a time zone.
  }
  return null;
}
