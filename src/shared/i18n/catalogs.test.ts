/**
 * Completeness of the catalogues (issue 15): every key of the English source is in every language and nowhere
 * else, every text parses as ICU MessageFormat and uses the same arguments as the English, and the compiled
 * catalogues are the compiler's output for the sources of today.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { parse, type Token } from '@messageformat/parser';
import { describe, expect, it } from 'vitest';
import { LOCALES } from './locales';
import { createI18n } from './i18n';
import { messages as guestEn } from './compiled/guest/en';
import { messages as guestAr } from './compiled/guest/ar';
import { guestAgoText, guestButtonLabel } from './guest';

const catalogs = path.join(import.meta.dirname, 'catalogs');
const namespaces = fs.readdirSync(catalogs).filter((name) => !name.includes('.'));
const read = (namespace: string, locale: string): Record<string, string> =>
  JSON.parse(fs.readFileSync(path.join(catalogs, namespace, `${locale}.json`), 'utf8')) as Record<
    string,
    string
  >;

/** The argument names a message uses ('{name}', '{count, plural, …}'), sorted. */
function argumentsOf(tokens: Token[]): string[] {
  const names = new Set<string>();
  const walk = (list: Token[]) => {
    for (const token of list) {
      if (token.type === 'argument' || token.type === 'function') names.add(token.arg);
      if (token.type === 'plural' || token.type === 'select' || token.type === 'selectordinal') {
        names.add(token.arg);
        for (const c of token.cases) walk(c.tokens);
      }
    }
  };
  walk(tokens);
  return [...names].sort();
}

describe.each(namespaces)('the %s catalogue', (namespace) => {
  const english = read(namespace, 'en');

  it.each(LOCALES)('%s has every key of the English source, and no other', (locale) => {
    expect(Object.keys(read(namespace, locale)).sort()).toEqual(Object.keys(english).sort());
  });

  it.each(LOCALES)('%s: every text parses and uses the English arguments', (locale) => {
    const catalogue = read(namespace, locale);
    for (const [id, text] of Object.entries(catalogue)) {
      let tokens: Token[] = [];
      expect(() => (tokens = parse(text)), `${locale} ${id}`).not.toThrow();
      expect(argumentsOf(tokens), `${locale} ${id}`).toEqual(argumentsOf(parse(english[id]!)));
      expect(text.trim(), `${locale} ${id} is empty`).not.toBe('');
    }
  });
});

describe('the compiled catalogues', () => {
  it('are up to date with the sources (npm run i18n:compile)', () => {
    expect(() =>
      execFileSync('node', ['scripts/i18n-compile.mjs', '--check'], {
        cwd: path.resolve(import.meta.dirname, '../../..'),
        stdio: 'pipe',
      }),
    ).not.toThrow();
  });

  it('interpolate plurals and numbers for the locale', () => {
    const en = createI18n('en', guestEn);
    expect(en._('guest.cooldownActive', { seconds: 42 })).toBe(
      'Please wait 42 seconds before sending another request from this table.',
    );
    expect(guestButtonLabel(en, 'bill')).toBe('Get Bill');
    expect(guestAgoText(en, 45_000)).toBe('45 s ago');
    expect(guestAgoText(en, 2 * 3_600_000)).toBe('2 h ago');
    const ar = createI18n('ar', guestAr);
    expect(ar._('guest.cooldownActive', { seconds: 2 })).toContain('ثانيتين');
    expect(guestAgoText(ar, 45_000)).toBe(`قبل ${new Intl.NumberFormat('ar').format(45)} ث`);
  });
});
