/**
 * A guest's note with a request (issue 29 item 3, decision 070): untrusted text from anyone holding the QR code,
 * shown prominently to staff. One line of plain text, at most NOTE_MAX characters (code points), without control,
 * format or invisible characters — a bidi override could make 'no nuts' read as something else on the console, a
 * zero-width character could hide text from the reader. Pure and small: the guest page checks a note with it
 * before sending (the guest hears why at once, in their language) and the server checks it again.
 */

/** The longest note, in characters (Unicode code points, so an emoji counts once). */
export const NOTE_MAX = 140;

/** Why a note is refused; null: it may be sent. */
export type NoteProblem = 'note_too_long' | 'note_invalid';

/**
 * Refused anywhere in a note: controls (C0, C1, DEL, so also line breaks and tabs), format characters (bidi
 * embeddings, overrides and isolates, zero-width space and joiners, word joiner, BOM, soft hyphen, tag characters),
 * line and paragraph separators, private-use code points, lone surrogates, and the Hangul fillers, which are
 * letters that draw nothing.
 */
const REFUSED = /[\p{Cc}\p{Cf}\p{Zl}\p{Zp}\p{Co}\p{Cs}\u115F\u1160\u3164\uFFA0]/u;
/**
 * The one invisible character a guest's keyboard puts in on its own: the zero-width joiner inside an emoji sequence
 * (👩‍🍳, 👨‍👩‍👧). Allowed only between two pictographs, where it draws one glyph.
 */
const EMOJI_JOINER =
  /(?<=\p{Extended_Pictographic}(?:\uFE0F|\p{Emoji_Modifier})?)\u200D(?=\p{Extended_Pictographic})/gu;

/** The note as stored: trimmed; empty is no note at all (null). */
export function normalizeNote(note: string | null | undefined): string | null {
  const trimmed = (note ?? '').trim();
  return trimmed === '' ? null : trimmed;
}

/** Why `note` (already normalized) cannot be sent, or null. */
export function noteProblem(note: string): NoteProblem | null {
  if (REFUSED.test(note.replace(EMOJI_JOINER, ''))) return 'note_invalid';
  if (noteLength(note) > NOTE_MAX) return 'note_too_long';
  return null;
}

/** Characters as the limit counts them (code points). */
export function noteLength(note: string): number {
  let length = 0;
  for (const _ of note) length++;
  return length;
}
