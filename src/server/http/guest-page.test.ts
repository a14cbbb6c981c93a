/** The server-rendered guest page (decision 017): the same markup the browser hydrates, and nothing can break out. */
import { beforeAll, describe, expect, it } from 'vitest';
import type { GuestTableResponse } from '@shared/schemas';
import { scriptSafeJson } from './drawn-page';
import { guestPageLanguage, renderGuestPage, type GuestPageLanguage } from './guest-page';

let EN: GuestPageLanguage;
beforeAll(async () => {
  EN = await guestPageLanguage('en');
});

const SHELL = `<!doctype html><html><head>
<meta name="theme-color" content="#ffffff" />
<title>Table Service</title></head>
<body><div id="root"></div><script type="module" src="/assets/index.js"></script></body></html>`;

const data = (
  over: Partial<GuestTableResponse['restaurant']> = {},
  cooldown = 0,
): GuestTableResponse => ({
  restaurant: {
    id: 'r1',
    name: 'Chez Nous',
    logoUrl: null,
    primaryColor: '#1E40AF',
    secondaryColor: '#F59E0B',
    reviewUrl: null,
    guestLanguage: 'en',
    requestTypes: { hidden: [], custom: [] },
    ...over,
  },
  table: { id: 't1', number: '12' },
  cooldownRemainingSeconds: cooldown,
  openRequests: [],
  usualWaits: {},
  closedNow: false,
});

/** The JSON the page embeds, as the browser reads it back. */
function embedded(html: string): unknown {
  const match = /<script type="application\/json" id="guest-data">([\s\S]*?)<\/script>/.exec(html);
  if (!match) throw new Error('no embedded data');
  return JSON.parse(match[1]!);
}

describe('renderGuestPage', () => {
  it('draws the header, the four buttons and the footer into the root, and embeds the data', () => {
    const html = renderGuestPage(SHELL, data(), EN);
    expect(html).toMatch(/<div id="root"><div class="relative[^"]*">.*<h1 [^>]*>Chez Nous<\/h1>/s);
    for (const label of ['Request Server', 'Ready to Order', 'Refill Drinks', 'Get Bill']) {
      expect(html).toContain(`<span>${label}</span>`);
    }
    expect(html).toContain('Powered by Table Service System');
    expect(embedded(html)).toEqual(data());
    expect(html).toContain('<meta name="theme-color" content="#1E40AF" />');
    // The rest of the shell is untouched: the app's script still loads.
    expect(html).toContain('<script type="module" src="/assets/index.js"></script>');
  });

  it('shows a running cool-down as the page would: buttons aria-disabled (focus stays, issue 12), the seconds left', () => {
    const html = renderGuestPage(SHELL, data({}, 42), EN);
    expect(html).toContain('You can send another request in 42s');
    expect(
      html.match(/<button type="button" data-request-type="[a-z]+" aria-disabled="true"/g),
    ).toHaveLength(4);
    expect(html).not.toMatch(/<button[^>]* disabled=""/);
  });

  it('draws the table’s open request: sent with how long ago, then who is on the way (issue 12)', () => {
    const now = 1_700_000_100_000;
    const open = {
      id: 'q1',
      type: 'bill' as const,
      status: 'pending' as const,
      createdAt: now - 45_000,
      acknowledgedAt: null,
      takenBy: null,
      note: null,
      urgent: false,
      billMethod: null,
    };
    const sent = renderGuestPage(SHELL, { ...data({}, 15), openRequests: [open] }, EN, now);
    expect(sent).toContain('data-request-status="sent"');
    expect(sent).toContain('Sent 45 s ago');
    const taken = renderGuestPage(
      SHELL,
      {
        ...data({}, 15),
        openRequests: [{ ...open, status: 'acknowledged', acknowledgedAt: now, takenBy: 'Anna' }],
      },
      EN,
      now,
    );
    expect(taken).toContain('Anna is on the way');
    const anonymous = renderGuestPage(
      SHELL,
      { ...data({}, 15), openRequests: [{ ...open, status: 'acknowledged', acknowledgedAt: now }] },
      EN,
      now,
    );
    expect(anonymous).toContain('Your server is on the way');
    expect(renderGuestPage(SHELL, data(), EN)).not.toContain('data-request-status');
  });

  it('escapes a hostile name everywhere and keeps the embedded JSON inside its script element', () => {
    const name = '</script><script>alert(1)</script><!-- \u2028 & "x"';
    const html = renderGuestPage(
      SHELL,
      data({ name, reviewUrl: 'https://example.com/?a=1&b="2"' }),
      EN,
    );
    expect(html).not.toContain('<script>alert(1)');
    expect(html).toContain('&lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt;');
    // Exactly the shell's module script, the data element and the language element remain as scripts.
    expect(html.match(/<script/g)).toHaveLength(3);
    expect(embedded(html)).toEqual(data({ name, reviewUrl: 'https://example.com/?a=1&b="2"' }));
  });

  it('never puts anything but a #rrggbb colour into the theme-color attribute', () => {
    const html = renderGuestPage(SHELL, data({ primaryColor: '" onload="alert(1)' }), EN);
    expect(html).toMatch(/<meta name="theme-color" content="#[0-9A-Fa-f]{6}" \/>/);
    // Only inside the embedded JSON, as an escaped string; never as an attribute.
    expect(html).not.toMatch(/ onload="/);
  });

  it('draws the page in the language asked for, with <html lang dir> and its messages embedded', async () => {
    const ar = renderGuestPage(SHELL, data(), await guestPageLanguage('ar'));
    expect(ar).toContain('<html lang="ar" dir="rtl">');
    expect(ar).toContain('استدعاء النادل');
    expect(ar).toContain('<h1 class="truncate text-2xl font-bold">Chez Nous</h1>');
    const match = /<script type="application\/json" id="guest-i18n">([\s\S]*?)<\/script>/.exec(ar);
    expect(JSON.parse(match![1]!)).toMatchObject({ locale: 'ar' });
    expect(renderGuestPage(SHELL, data(), EN)).toContain('<html lang="en" dir="ltr">');
  });

  it('leaves a shell without an empty root as it is', () => {
    const other = SHELL.replace('<div id="root"></div>', '<main id="root">x</main>');
    expect(renderGuestPage(other, data(), EN)).toBe(other);
  });

  it('scriptSafeJson has no "<" and no line separators, and parses back to the same value', () => {
    const value = { a: '</script>', b: '\u2028\u2029', c: '<!--' };
    const json = scriptSafeJson(value);
    expect(json).not.toMatch(/[<\u2028\u2029]/);
    expect(JSON.parse(json)).toEqual(value);
  });
});
