import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { formatPluralNumberOnlyWhenShown } from './lingui-plural-number';

const require = createRequire(import.meta.url);
const ROOT = path.resolve(import.meta.dirname, '..');
const CORE = path.join(ROOT, 'node_modules/@lingui/core/dist/index.mjs');
// Inside the project, so the file's own import ('@lingui/message-utils/…') resolves from node_modules.
const TMP = path.join(ROOT, '.tmp/lingui-plural-number');

type Core = typeof import('@lingui/core');

let written = 0;
/** A fresh copy of Lingui's core (its own formatter cache), as installed or as the build step leaves it. */
async function loadCore(transform: boolean): Promise<Core> {
  const source = fs.readFileSync(CORE, 'utf8');
  fs.mkdirSync(TMP, { recursive: true });
  const file = path.join(TMP, `core-${process.pid}-${written++}.mjs`);
  fs.writeFileSync(file, transform ? formatPluralNumberOnlyWhenShown(source) : source);
  return (await import(/* @vite-ignore */ file)) as Core;
}

const { compileMessage } = require('@lingui/message-utils/compileMessage') as {
  compileMessage: (message: string) => string;
};

const MESSAGES = {
  noNumber: '{count, plural, one {Uncovered table:} other {Uncovered tables:}}',
  withNumber: '{count, plural, one {# table} other {# tables}}',
};

function i18nOf(core: Core, locale: string) {
  const i18n = core.setupI18n();
  i18n.load(
    locale,
    Object.fromEntries(Object.entries(MESSAGES).map(([id, text]) => [id, compileMessage(text)])),
  );
  i18n.activate(locale);
  return i18n;
}

/** Counts Intl.NumberFormat constructions while it is installed. */
function countNumberFormats() {
  const original = Intl.NumberFormat;
  const counter = { made: 0, restore: () => (Intl.NumberFormat = original) };
  Intl.NumberFormat = new Proxy(original, {
    construct(target, args: ConstructorParameters<typeof Intl.NumberFormat>) {
      counter.made += 1;
      return new target(...args);
    },
  });
  return counter;
}

describe("the browser bundle's Lingui formats a plural's number only when it shows it (decision 108)", () => {
  let counter: ReturnType<typeof countNumberFormats> | undefined;
  afterEach(() => counter?.restore());

  it('as installed, Lingui makes a number formatter for a plural with no # (what the step removes)', async () => {
    const i18n = i18nOf(await loadCore(false), 'en');
    counter = countNumberFormats();
    expect(i18n._('noNumber', { count: 3 })).toBe('Uncovered tables:');
    expect(counter.made).toBe(1);
  });

  it('with the step, a plural with no # makes none and reads the same', async () => {
    const i18n = i18nOf(await loadCore(true), 'en');
    counter = countNumberFormats();
    expect(i18n._('noNumber', { count: 1 })).toBe('Uncovered table:');
    expect(i18n._('noNumber', { count: 3 })).toBe('Uncovered tables:');
    expect(counter.made).toBe(0);
  });

  it('with the step, # is still formatted in the language', async () => {
    const core = await loadCore(true);
    counter = countNumberFormats();
    expect(i18nOf(core, 'en')._('withNumber', { count: 1 })).toBe('1 table');
    expect(i18nOf(core, 'en')._('withNumber', { count: 1234 })).toBe('1,234 tables');
    expect(i18nOf(core, 'de')._('withNumber', { count: 1234 })).toBe('1.234 tables');
    expect(counter.made).toBe(2);
  });

  it('fails loudly when Lingui no longer has the line it edits', () => {
    expect(() => formatPluralNumberOnlyWhenShown('export const x = 1;')).toThrow(
      /@lingui\/core changed/,
    );
  });
});
