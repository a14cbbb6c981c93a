/** The server-drawn sign-in page (decision 103): the same markup the browser hydrates, in the reader's language. */
import { describe, expect, it } from 'vitest';
import { SIGN_IN_TEXT_IDS } from '../../client/features/auth/sign-in/sign-in-texts';
import { renderSignInPage } from './sign-in-page';

const SHELL = `<!doctype html><html lang="en"><head>
<title>Table Service</title></head>
<body><div id="root"></div><script type="module" src="/assets/index.js"></script></body></html>`;

function embedded(html: string): {
  locale: string;
  tab: string;
  messages: Record<string, unknown>;
} {
  const match = /<script type="application\/json" id="sign-in-data">([\s\S]*?)<\/script>/.exec(
    html,
  );
  if (!match) throw new Error('no embedded data');
  return JSON.parse(match[1]!) as ReturnType<typeof embedded>;
}

describe('renderSignInPage', () => {
  it('draws the header and the card on the email tab, with the page title and only the sign-in texts', async () => {
    const html = await renderSignInPage(SHELL, 'en', 'email');
    expect(html).toContain('<title>Login</title>');
    expect(html).toMatch(/<h1 [^>]*>Staff Login<\/h1>/);
    expect(html).toMatch(/<a href="\/login" aria-current="page"[^>]*>Login<\/a>/);
    expect(html).toContain('Sign in to manage your restaurant and tables.');
    // The email form is drawn; its button says the page is not live yet.
    expect(html).toMatch(/<input[^>]*name="email"/);
    expect(html).toMatch(/<button type="submit"[^>]*aria-disabled="true"[^>]*>Sign In<\/button>/);
    expect(html).not.toMatch(/name="pin"/);
    const data = embedded(html);
    expect(data).toMatchObject({ locale: 'en', tab: 'email' });
    expect(Object.keys(data.messages).sort()).toEqual([...SIGN_IN_TEXT_IDS].sort());
    // The rest of the shell is untouched: the app's script still loads.
    expect(html).toContain('<script type="module" src="/assets/index.js"></script>');
  });

  it('opens on the remembered PIN tab, in German, right to left in Arabic', async () => {
    const de = await renderSignInPage(SHELL, 'de', 'pin');
    expect(de).toContain('<html lang="de" dir="ltr">');
    expect(de).toContain('<title>Anmelden</title>');
    expect(de).toMatch(/<input[^>]*name="loginId"/);
    expect(de).toMatch(/<input[^>]*name="pin"/);
    expect(embedded(de)).toMatchObject({ locale: 'de', tab: 'pin' });
    const ar = await renderSignInPage(SHELL, 'ar', 'email');
    expect(ar).toContain('<html lang="ar" dir="rtl">');
  });

  it('leaves a shell without an empty root as it is', async () => {
    const shell = SHELL.replace('<div id="root"></div>', '<div id="root">x</div>');
    expect(await renderSignInPage(shell, 'en', 'email')).toBe(shell);
  });
});
