/**
 * Decision 049: screens use the design tokens of src/client/styles.css. ESLint (npm run lint) reports a raw
 * Tailwind palette class in client code, in a plain string or a template; token classes pass. Each case lints one
 * line at a path inside the zone, with the project's own config, so deleting or loosening the rule fails here.
 */
import path from 'node:path';
import { ESLint } from 'eslint';
import tseslint from 'typescript-eslint';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../..');
const RULE = 'no-restricted-syntax';

const eslint = new ESLint({
  cwd: root,
  overrideConfig: [tseslint.configs.disableTypeChecked],
  ruleFilter: ({ ruleId }) => ruleId === RULE,
});

async function tokenErrors(filePath: string, source: string): Promise<string[]> {
  const [result] = await eslint.lintText(source, { filePath: path.join(root, filePath) });
  const other = result!.messages.filter((message) => message.ruleId !== RULE);
  expect(other).toEqual([]);
  return result!.messages.map((message) => message.message);
}

const PROBE = 'src/client/components/ui/probe.tsx';

describe('design tokens (npm run lint)', () => {
  it.each([
    ['a raw background in a string', `export const c = 'rounded-card bg-blue-600 px-4';\n`],
    ['a raw text colour behind a variant', `export const c = 'hover:text-slate-900';\n`],
    ['a raw colour with an opacity', `export const c = 'ring-1 ring-red-600/20';\n`],
    [
      'a raw colour in a template',
      'export const c = (on: boolean) => `p-2 ${on ? "x" : "y"} border-l-violet-500`;\n',
    ],
  ])('reports %s', async (_what, source) => {
    const errors = await tokenErrors(PROBE, source);
    expect(errors).toHaveLength(1);
    expect(errors[0]).toMatch(/design token/);
  });

  it('reports it in a feature and in the server-rendered guest page too', async () => {
    const source = `export const c = 'text-amber-900';\n`;
    expect(
      await tokenErrors('src/client/features/guest/components/probe.tsx', source),
    ).toHaveLength(1);
    expect(await tokenErrors('src/server/http/probe.tsx', source)).toHaveLength(1);
  });

  it('lets token classes and non-colour classes through', async () => {
    const source =
      `export const a = 'bg-brand-600 text-white hover:bg-brand-700 border-line text-ink rounded-control';\n` +
      `export const b = 'text-sm text-muted ring-danger-600/20 bg-type-server-100 grid-cols-2 z-10';\n`;
    expect(await tokenErrors(PROBE, source)).toEqual([]);
  });
});
