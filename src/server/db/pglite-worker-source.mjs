// The embedded database's worker run from source (tsx, tests): loads its TypeScript through tsx (decision 072).
// The compiled server runs dist/server/pglite-worker.js instead.
import { tsImport } from 'tsx/esm/api';

await tsImport('./pglite-worker.ts', import.meta.url);
