/**
 * The import zones of eslint.config.js (DESIGN.md Layout, docs/decisions/040) report the imports they forbid and
 * let the allowed ones through. Each case lints one import at a path inside the zone under test, with the
 * project's own config, so deleting or loosening a zone fails here.
 */
import path from 'node:path';
import { ESLint } from 'eslint';
import tseslint from 'typescript-eslint';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../..');
const RULE = 'import-x/no-restricted-paths';

// Only the boundary rule, without type information: the sources are virtual, so they are in no TS project.
const eslint = new ESLint({
  cwd: root,
  overrideConfig: [tseslint.configs.disableTypeChecked],
  ruleFilter: ({ ruleId }) => ruleId === RULE,
});

async function boundaryErrors(filePath: string, specifier: string): Promise<string[]> {
  const [result] = await eslint.lintText(
    `import * as probe from '${specifier}';\nexport { probe };\n`,
    {
      filePath: path.join(root, filePath),
    },
  );
  // A parse error or an ignored file would hide the rule; fail loudly instead.
  const other = result!.messages.filter((message) => message.ruleId !== RULE);
  expect(other).toEqual([]);
  return result!.messages.map((message) => message.message);
}

describe('import boundaries (npm run lint)', () => {
  it.each([
    [
      'a feature imports another feature',
      'src/client/features/tables/routes/probe.tsx',
      '../../requests/api/requests-api',
    ],
    [
      'a feature imports app/',
      'src/client/features/tables/routes/probe.tsx',
      '../../../app/header',
    ],
    ['lib/ imports a feature', 'src/client/lib/probe.ts', '../features/requests/api/requests-api'],
    ['lib/ imports app/', 'src/client/lib/probe.ts', '../app/live-provider'],
    [
      'components/ imports a feature',
      'src/client/components/ui/probe.tsx',
      '../../features/auth/api/auth-api',
    ],
    [
      'the server imports client code',
      'src/server/modules/guest/probe.ts',
      '../../../client/lib/api-client',
    ],
    [
      'a server file other than guest-page.tsx imports the guest view',
      'src/server/http/probe.tsx',
      '../../client/features/guest/components/guest-table-view',
    ],
    [
      'guest-page.tsx imports client code besides the guest view',
      'src/server/http/guest-page.tsx',
      '../../client/lib/api-client',
    ],
    ['the client imports server code', 'src/client/lib/probe.ts', '../../server/env'],
    ['shared imports client code', 'src/shared/probe.ts', '../client/lib/api-client'],
    ['shared imports server code', 'src/shared/probe.ts', '../server/env'],
  ])('reports when %s', async (_case, filePath, specifier) => {
    const errors = await boundaryErrors(filePath, specifier);
    expect(errors).toHaveLength(1);
    expect(errors[0]).toContain('restricted zone');
  });

  it.each([
    [
      'a feature imports lib/',
      'src/client/features/tables/routes/probe.tsx',
      '../../../lib/session-api',
    ],
    [
      'a feature imports its own folder',
      'src/client/features/tables/routes/probe.tsx',
      '../api/tables-api',
    ],
    [
      'a feature imports components/',
      'src/client/features/tables/routes/probe.tsx',
      '../../../components/ui/button',
    ],
    ['app/ imports a feature', 'src/client/app/probe.tsx', '../features/requests/api/requests-api'],
    ['lib/ imports shared', 'src/client/lib/probe.ts', '../../shared/paths'],
    ['the server imports shared', 'src/server/modules/guest/probe.ts', '../../../shared/color'],
    [
      'guest-page.tsx imports the guest view (decision 017)',
      'src/server/http/guest-page.tsx',
      '../../client/features/guest/components/guest-table-view',
    ],
  ])('allows %s', async (_case, filePath, specifier) => {
    expect(await boundaryErrors(filePath, specifier)).toEqual([]);
  });
});
