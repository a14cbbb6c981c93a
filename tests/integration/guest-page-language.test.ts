/**
 * Issue 15 (decision 047): the server draws the guest page in the language the browser asks for (Accept-Language),
 * for every language of the app, with `<html lang dir>`; the guest's own choice (the switcher's cookie) comes
 * first; the restaurant's default language serves a browser whose languages are all unavailable.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { restaurants } from '../../src/server/db/schema';
import { LOCALES, dirOf, type Locale } from '@shared/i18n/locales';
import { GUEST_LOCALE_COOKIE } from '@shared/constants';
import { makeRestaurant, makeTable } from '../support/factories';
import { createTestApp, type TestApp } from '../support/test-app';

/** The guest catalogue's "Get Bill" in every language, as a guest sees it (the compiled text has no arguments). */
const BILL: Record<Locale, string> = {
  en: 'Get Bill',
  es: 'Pedir la cuenta',
  fr: 'L’addition, s’il vous plaît',
  de: 'Die Rechnung, bitte',
  it: 'Il conto, per favore',
  pt: 'Pedir a conta',
  'zh-CN': '结账',
  ja: 'お会計',
  tr: 'Hesap lütfen',
  ar: 'الحساب من فضلك',
};

const SHELL = `<!doctype html>
<html lang="en">
  <head><meta name="theme-color" content="#ffffff" /><title>Table Service</title></head>
  <body><div id="root"></div><script type="module" src="/boot.ts"></script></body>
</html>`;

let t: TestApp;
let dist: string;
let url: string;
let restaurantId: string;

beforeAll(async () => {
  dist = fs.mkdtempSync(path.join(os.tmpdir(), 'guest-shell-'));
  fs.writeFileSync(path.join(dist, 'index.html'), SHELL);
  t = await createTestApp({ serveClient: true, clientDist: dist });
  const restaurant = await makeRestaurant(t, undefined, 'Trattoria Luna');
  restaurantId = restaurant.id;
  const table = await makeTable(t, restaurant.id, '7');
  url = `/table/${restaurant.id}/${table.id}`;
});

afterAll(async () => {
  await t.close();
  fs.rmSync(dist, { recursive: true, force: true });
});

const page = (headers: Record<string, string>) => t.app.inject({ method: 'GET', url, headers });

describe('the server-rendered guest page in the browser language', () => {
  it.each(LOCALES)('%s', async (locale) => {
    const res = await page({ 'accept-language': `${locale};q=0.9, en;q=0.5` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['vary']).toMatch(/Accept-Language/);
    expect(res.body).toContain(`<html lang="${locale}" dir="${dirOf(locale)}">`);
    expect(res.body).toContain(`<span>${BILL[locale]}</span>`);
    // The restaurant's name is never translated.
    expect(res.body).toContain('>Trattoria Luna</h1>');
    // The language's messages travel with the page, for the browser to hydrate with.
    expect(res.body).toContain(
      `<script type="application/json" id="guest-i18n">{"locale":"${locale}"`,
    );
  });

  it("takes the guest's own choice first", async () => {
    const res = await page({ 'accept-language': 'de', cookie: `${GUEST_LOCALE_COOKIE}=ja` });
    expect(res.body).toContain('<html lang="ja" dir="ltr">');
  });

  it("falls back to the restaurant's default language, then English", async () => {
    expect((await page({ 'accept-language': 'sv-SE, fi;q=0.5' })).body).toContain(
      '<html lang="en" dir="ltr">',
    );
    await t.database.db
      .update(restaurants)
      .set({ guestLanguage: 'ar' })
      .where(eq(restaurants.id, restaurantId));
    const res = await page({ 'accept-language': 'sv-SE, fi;q=0.5' });
    expect(res.body).toContain('<html lang="ar" dir="rtl">');
    expect(res.body).toContain('<span>استدعاء النادل</span>');
  });
});
