/**
 * Ids made from people's names (SPEC §5: restaurant id, suggested login ID). Letters with accents or of other Latin
 * scripts are transliterated first (é → e, ß → ss, ł → l, ä → ae) by @sindresorhus/transliterate, so "Chez Léa's
 * Café" keeps its words (decision 035). Kept apart from rules.ts because the transliteration table (~30 KB) must not
 * reach the guest page's bundle; only the server and the admin screens import this module.
 */
import transliterate from '@sindresorhus/transliterate';
import { GENERATED_LOGIN_ID_MAX, LOGIN_ID_CANDIDATES_TRIED } from './constants';

/** The name in plain ASCII letters where a transliteration exists; other scripts are left as they are. */
function toLatin(name: string): string {
  return transliterate(name.normalize('NFC'));
}

/**
 * SPEC §5: the restaurant id is the name lowercased, with characters other than letters, digits, spaces and
 * hyphens removed, spaces turned into hyphens, and repeated or edge hyphens collapsed — applied to the
 * transliterated name, so accented letters become their base letters instead of disappearing.
 */
export function slugify(name: string): string {
  return toLatin(name)
    .toLowerCase()
    .replace(/[^a-z0-9 -]/g, '')
    .replace(/ /g, '-')
    .replace(/-+/g, '-')
    .replace(/^-|-$/g, '');
}

/** SPEC §5: when the id is taken, -2, -3, … is appended until it is free. */
export function slugWithSuffix(base: string, attempt: number): string {
  return attempt <= 1 ? base : `${base}-${attempt}`;
}

/**
 * SPEC §5: login ID suggested from the name: lowercase, alphanumeric only, at most 15 characters (transliterated
 * first: "María José" → "mariajose").
 */
export function suggestLoginId(name: string): string {
  return toLatin(name)
    .toLowerCase()
    .replace(/[^a-z0-9]/g, '')
    .slice(0, GENERATED_LOGIN_ID_MAX);
}

/**
 * SPEC §9: candidates for a taken login ID: at most 10 are tried, the first 3 free ones are offered.
 * Candidates keep the 15-character cap by trimming the base before the numeric suffix.
 */
export function loginIdCandidates(taken: string): string[] {
  const base = suggestLoginId(taken) || 'server';
  const out: string[] = [];
  for (let n = 1; out.length < LOGIN_ID_CANDIDATES_TRIED; n++) {
    const suffix = String(n + 1);
    out.push(base.slice(0, GENERATED_LOGIN_ID_MAX - suffix.length) + suffix);
  }
  return out;
}
