import { describe, expect, it } from 'vitest';
import { dirOf, LOCALES, localeOfTag, negotiateLocale } from './locales';

describe('negotiateLocale', () => {
  it('picks the highest q-value the app supports', () => {
    expect(negotiateLocale('fr-CH, fr;q=0.9, en;q=0.8, de;q=0.7, *;q=0.5')).toBe('fr');
    expect(negotiateLocale('en;q=0.5, de;q=0.9')).toBe('de');
    expect(negotiateLocale('sv-SE, sv;q=0.9, es;q=0.4, en;q=0.3')).toBe('es');
  });

  it('keeps the given order between equal weights', () => {
    expect(negotiateLocale('ja, en')).toBe('ja');
    expect(negotiateLocale(['tr-TR', 'en-US'])).toBe('tr');
  });

  it('maps regional tags to the supported language', () => {
    expect(negotiateLocale('pt-BR')).toBe('pt');
    expect(negotiateLocale('ar-EG,ar;q=0.9')).toBe('ar');
    expect(negotiateLocale('zh-CN,zh;q=0.9')).toBe('zh-CN');
    expect(negotiateLocale('zh-Hans-SG')).toBe('zh-CN');
    expect(negotiateLocale('es-419')).toBe('es');
  });

  it('does not take Traditional Chinese for Simplified', () => {
    expect(localeOfTag('zh-TW')).toBeNull();
    expect(localeOfTag('zh-Hant-HK')).toBeNull();
    expect(negotiateLocale('zh-TW, ja;q=0.5', 'en')).toBe('ja');
  });

  it("falls back to the restaurant's default when nothing fits", () => {
    expect(negotiateLocale('sv-SE, fi;q=0.8', 'de')).toBe('de');
    expect(negotiateLocale('', 'it')).toBe('it');
    expect(negotiateLocale(undefined, 'es')).toBe('es');
    expect(negotiateLocale('*', 'fr')).toBe('fr');
    expect(negotiateLocale('en;q=0, sv', 'tr')).toBe('tr');
  });

  it('ignores malformed weights and blanks', () => {
    expect(negotiateLocale(' , ja;q=abc, it;q=0.2', 'en')).toBe('it');
  });
});

describe('dirOf', () => {
  it('lays Arabic out right to left and every other language left to right', () => {
    for (const locale of LOCALES) expect(dirOf(locale)).toBe(locale === 'ar' ? 'rtl' : 'ltr');
  });
});
