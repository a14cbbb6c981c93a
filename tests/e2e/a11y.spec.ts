/**
 * Issue 13: axe (WCAG 2.0–2.2 A/AA and best practices) reports nothing on any screen of any role, at a phone and a
 * desktop size. The screens are the list `npm run screenshots` captures (tests/support/screens.ts). The demo's
 * tables are read but never pressed here, so other specs find them as they expect.
 */
import AxeBuilder from '@axe-core/playwright';
import { VIEWPORTS, screens, settle, signIn, type Role } from '../support/screens';
import { ORIGIN, demoTables, expect, test } from './support';

const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'];

for (const viewport of VIEWPORTS) {
  test(`axe finds no violation on any screen at ${viewport.width}×${viewport.height}`, async ({
    browser,
    request,
  }) => {
    test.setTimeout(180_000);
    const tables = [...(await demoTables(request))].sort(
      (a, b) => Number(a.number) - Number(b.number),
    );
    const found: string[] = [];
    const contexts = new Map<Role, Awaited<ReturnType<typeof browser.newContext>>>();
    for (const screen of screens(tables)) {
      let context = contexts.get(screen.role);
      if (!context) {
        context = await browser.newContext({
          viewport: { width: viewport.width, height: viewport.height },
          isMobile: viewport.name === 'phone',
          hasTouch: viewport.name === 'phone',
        });
        await signIn(context, screen.role, ORIGIN);
        contexts.set(screen.role, context);
      }
      const page = await context.newPage();
      await screen.open(page);
      await settle(page);
      const { violations } = await new AxeBuilder({ page }).withTags(TAGS).analyze();
      for (const v of violations) {
        found.push(
          `${screen.role}/${screen.name}: ${v.id} (${v.impact}) — ${v.help}: ` +
            v.nodes.map((n) => n.target.join(' ')).join(' | '),
        );
      }
      // The page must not scroll sideways at this width (issue 13: /admin/staff was 641 px on a phone).
      const overflow = await page.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      );
      if (overflow > 0)
        found.push(`${screen.role}/${screen.name}: scrolls sideways by ${overflow}px`);
      await page.close();
    }
    for (const context of contexts.values()) await context.close();
    expect(found, 'accessibility violations').toEqual([]);
  });
}
