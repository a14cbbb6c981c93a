/** The console's first frame drawn by the server (decision 106): header, sound banner and heading, in the user's language. */
import { describe, expect, it } from 'vitest';
import { consoleFramePage, renderConsoleFrame } from './console-frame';

const SHELL = `<!doctype html><html lang="en"><head>
<title>Table Service</title></head>
<body><div id="root"></div><script type="module" src="/assets/index.js"></script></body></html>`;

describe('consoleFramePage', () => {
  it('names the two console pages, with a trailing slash, a query or capitals, and nothing else', () => {
    expect(consoleFramePage('/server/requests')).toBe('requests');
    expect(consoleFramePage('/server/requests/?filter=mine')).toBe('requests');
    expect(consoleFramePage('/Server/Tables')).toBe('tables');
    expect(consoleFramePage('/server/history')).toBeNull();
    expect(consoleFramePage('/login')).toBeNull();
    expect(consoleFramePage('/constructor')).toBeNull();
  });
});

describe('renderConsoleFrame', () => {
  it('draws the header, the sound banner (not live yet) and the requests heading, leaving the app script', async () => {
    const html = await renderConsoleFrame(SHELL, 'en', 'requests');
    // A picture of the console until the app is live: nothing in it can be focused or read out.
    expect(html).toContain('<div data-console-frame="requests" inert="" aria-hidden="true">');
    expect(html).toMatch(/<h1 [^>]*>Table Service Requests<\/h1>/);
    expect(html).toContain('Tap to turn on sound');
    expect(html).toMatch(/<button type="button" aria-disabled="true"[^>]*>.*Tap to turn on sound/s);
    expect(html).toMatch(
      /<button type="button" aria-label="Menu" aria-expanded="false" aria-disabled="true"/,
    );
    expect(html).toContain('<html lang="en" dir="ltr">');
    expect(html).toContain('<script type="module" src="/assets/index.js"></script>');
  });

  it('draws My Tables, in German and right to left in Arabic', async () => {
    const german = await renderConsoleFrame(SHELL, 'de', 'tables');
    expect(german).toContain('<html lang="de" dir="ltr">');
    expect(german).not.toContain('Tap to turn on sound');
    expect(german).not.toMatch(/<h1 [^>]*>My Tables<\/h1>/);
    const arabic = await renderConsoleFrame(SHELL, 'ar', 'tables');
    expect(arabic).toContain('<html lang="ar" dir="rtl">');
    const english = await renderConsoleFrame(SHELL, 'en', 'tables');
    expect(english).toMatch(/<h1 [^>]*>My Tables<\/h1>/);
  });

  it('leaves a shell without an empty root as it is', async () => {
    const drawn = SHELL.replace('<div id="root"></div>', '<div id="root"><p>x</p></div>');
    expect(await renderConsoleFrame(drawn, 'en', 'requests')).toBe(drawn);
  });
});
