import path from 'node:path';
import { defineConfig } from 'vitest/config';

// Unit tests (pure rules) and integration tests (buildApp on a real database) run here.
// The e2e suite (tests/e2e) runs under Playwright instead.
export default defineConfig({
  // tsconfig.json `paths`, as in vite.config.ts.
  resolve: { alias: { '@shared': path.resolve(import.meta.dirname, 'src/shared') } },
  test: {
    include: ['src/**/*.test.ts', 'tests/integration/**/*.test.ts', 'tests/lint/**/*.test.ts'],
    globalSetup: ['tests/support/global-setup.ts'],
    pool: 'forks',
    maxWorkers: 2,
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
