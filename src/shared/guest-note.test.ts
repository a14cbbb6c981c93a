import { describe, expect, it } from 'vitest';
import {
  COMMENT_MAX,
  commentProblem,
  NOTE_MAX,
  normalizeNote,
  noteLength,
  noteProblem,
} from './guest-note';

describe('guest note (decision 070)', () => {
  it('takes plain text in any script, emoji included, up to the limit', () => {
    for (const note of [
      'no ice',
      'allergy: nuts 🥜',
      'بدون ثلج',
      '氷なしで',
      'sin hielo, por favor',
      '👩‍🍳 thanks',
    ])
      expect(noteProblem(note)).toBeNull();
    expect(noteProblem('a'.repeat(NOTE_MAX))).toBeNull();
    expect(noteProblem('🥜'.repeat(NOTE_MAX))).toBeNull();
    expect(noteLength('🥜🥜')).toBe(2);
  });

  it('refuses a note longer than the limit', () => {
    expect(noteProblem('a'.repeat(NOTE_MAX + 1))).toBe('note_too_long');
  });

  it('refuses control, bidi, zero-width and other invisible characters', () => {
    for (const hidden of [
      '\n',
      '\t',
      '\u0000',
      '\u0085',
      '\u202E', // right-to-left override
      '\u2066', // left-to-right isolate
      '\u200B', // zero-width space
      '\u200D', // a joiner that joins no emoji
      '\u200F', // right-to-left mark
      '\u2060', // word joiner
      '\uFEFF',
      '\u00AD', // soft hyphen
      '\u2028',
      '\u3164', // Hangul filler
      '\uE000', // private use
      '\uD800', // lone surrogate
      '\u{E0041}', // tag character
    ])
      expect(noteProblem(`no${hidden}ice`), JSON.stringify(hidden)).toBe('note_invalid');
  });

  it('trims, and an empty note is none', () => {
    expect(normalizeNote('  no ice ')).toBe('no ice');
    expect(normalizeNote('   ')).toBeNull();
    expect(normalizeNote(undefined)).toBeNull();
  });
});

describe('a rating comment (decision 083): the note rules, a longer limit', () => {
  it('takes up to COMMENT_MAX characters of plain text, emoji and any script included', () => {
    expect(commentProblem('Lovely evening 👩‍🍳, merci, ありがとう, شكرا')).toBeNull();
    expect(commentProblem('é'.repeat(COMMENT_MAX))).toBeNull();
    expect(commentProblem('😀'.repeat(COMMENT_MAX))).toBeNull();
    expect(commentProblem('a'.repeat(COMMENT_MAX + 1))).toBe('comment_too_long');
  });

  it('refuses line breaks and invisible characters', () => {
    for (const hidden of ['\n', '\t', '\u202E', '\u200B', '\u2066', '\uFEFF'])
      expect(commentProblem(`good${hidden}food`), JSON.stringify(hidden)).toBe('comment_invalid');
  });
});
