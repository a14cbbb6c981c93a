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
  const problem = plainTextProblem(note, NOTE_MAX);
  return problem && (problem === 'too_long' ? 'note_too_long' : 'note_invalid');
}

/** The longest comment with a rating after the bill (decision 083), in characters. */
export const COMMENT_MAX = 500;

/** Why a comment with a rating (decision 083) is refused; null: it may be sent. The note's rules, a longer limit. */
export type CommentProblem = 'comment_too_long' | 'comment_invalid';

export function commentProblem(comment: string): CommentProblem | null {
  const problem = plainTextProblem(comment, COMMENT_MAX);
  return problem && (problem === 'too_long' ? 'comment_too_long' : 'comment_invalid');
}

/** The note's rules for any one line of untrusted text (trimmed already), with its own limit. */
export function plainTextProblem(text: string, max: number): 'too_long' | 'invalid' | null {
  if (REFUSED.test(text.replace(EMOJI_JOINER, ''))) return 'invalid';
  if (noteLength(text) > max) return 'too_long';
  return null;
}

/** Characters as the limit counts them (code points). */
export function noteLength(note: string): number {
  let length = 0;
  for (const _ of note) length++;
  return length;
}
