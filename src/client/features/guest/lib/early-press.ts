/**
 * A guest may tap a button of the server-drawn page before the app has taken it over (decision 017); that tap is
 * kept (boot.ts records it) and sent once the page is live, instead of being lost. Kept as an attribute of <html>,
 * so boot.ts needs no shared module.
 */
import { isCustomTypeKey, isSpecType, type RequestKind } from '@shared/request-types';

const root = () => document.documentElement.dataset;

/** The app is about to hydrate the page: from now on React itself handles (and replays) taps. */
export function markAppTakingOver(): void {
  root().appLive = 'true';
}

/** The tap made before the app took over, if any; read once. */
export function takeEarlyPress(): RequestKind | null {
  const type = root().earlyPress ?? '';
  delete root().earlyPress;
  return isSpecType(type) || isCustomTypeKey(type) ? type : null;
}

/**
 * The note and flag typed into the server-drawn page's fields before the app took over (the fields keep what was
 * typed; the app's state starts empty), or null when nothing was.
 */
export function typedExtras(): { note: string; urgent: boolean } | null {
  const field = (name: string) => document.querySelector<HTMLInputElement>(`input[name="${name}"]`);
  const typed = { note: field('note')?.value ?? '', urgent: field('urgent')?.checked ?? false };
  return typed.note || typed.urgent ? typed : null;
}
