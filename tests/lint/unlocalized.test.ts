/**
 * Issue 15 (docs/decisions/042): in the translated screens (eslint.config.js `TRANSLATED`) a user-facing text
 * written into a component instead of taken from the catalogue is a lint error. Each case lints a small component
 * at a path inside the guest feature with the project's own config.
 */
import path from 'node:path';
import { ESLint } from 'eslint';
import tseslint from 'typescript-eslint';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../..');
const RULES = new Set(['no-restricted-syntax', 'no-restricted-imports']);
const eslint = new ESLint({
  cwd: root,
  overrideConfig: [tseslint.configs.disableTypeChecked],
  ruleFilter: ({ ruleId }) => RULES.has(ruleId),
});

async function errors(source: string, file = 'src/client/features/guest/components/probe.tsx') {
  const [result] = await eslint.lintText(source, { filePath: path.join(root, file) });
  return result!.messages.map((message) => message.ruleId);
}

describe('user-facing strings bypassing the catalogue (npm run lint)', () => {
  it.each([
    ['text in JSX', 'export const P = () => <p>Call the waiter</p>;'],
    ['a literal aria-label', 'export const P = () => <p aria-label="Your request" />;'],
    ['a literal title', "export const P = () => <p title={'Close'} />;"],
    [
      'a sentence in an expression',
      "export const P = ({ a }: { a: boolean }) => <p>{a ? 'Sending...' : null}</p>;",
    ],
    [
      'the English MSG',
      "import { MSG } from '../../../../shared/messages';\nexport const P = () => MSG;",
    ],
  ])('reports %s', async (_name, source) => {
    expect(await errors(source)).not.toEqual([]);
  });

  it('lets catalogue texts, class names, empty alts and symbols through', async () => {
    const source = `import { guestText } from '../../../../shared/i18n/guest';
import { useI18n } from '../../../lib/i18n';
export const P = ({ on }: { on: boolean }) => {
  const i18n = useI18n();
  return (
    <p className={on ? 'bg-success-700 text-white' : ''} aria-label={guestText(i18n, 'guest.language')}>
      <img alt="" src="/x.png" />
      {guestText(i18n, 'guest.done')} {' · '}
    </p>
  );
};`;
    expect(await errors(source)).toEqual([]);
  });

  it('applies to the translated screens only', async () => {
    expect(
      await errors(
        'export const P = () => <p>Hello</p>;',
        'src/client/features/not-yet-translated/probe.tsx',
      ),
    ).toEqual([]);
  });
});
