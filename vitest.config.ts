import path from 'node:path';
import { defineConfig } from 'vitest/config';

/** Pure tests of the shared rules and the client: no database, so no global set-up (`--project unit`). */
const UNIT = ['src/shared/**/*.test.ts', 'src/client/**/*.test.ts', 'scripts/**/*.test.ts'];

// Two projects (issue 24): `unit` runs in seconds; `integration` (buildApp on a real database, the lint rules)
// waits for the migrated database template first. `npm run test:unit` runs both; the e2e suite (tests/e2e) runs
// under Playwright instead.
export default defineConfig({
  // tsconfig.json `paths`, as in vite.config.ts.
  resolve: { alias: { '@shared': path.resolve(import.meta.dirname, 'src/shared') } },
  test: {
    pool: 'forks',
    maxWorkers: 2,
    testTimeout: 30_000,
    hookTimeout: 60_000,
    projects: [
      { extends: true, test: { name: 'unit', include: UNIT } },
      {
        extends: true,
        test: {
          name: 'integration',
          include: [
            'src/server/**/*.test.ts',
            'tests/integration/**/*.test.ts',
            'tests/lint/**/*.test.ts',
            'tests/contract/**/*.test.ts',
          ],
          globalSetup: ['tests/support/global-setup.ts'],
        },
      },
    ],
  },
});
