/** Writes the generated client types from the server's API description: `npm run api:types` (tests/contract). */
import fs from 'node:fs';
import setup from '../tests/support/global-setup';
import { createTestApp } from '../tests/support/test-app';
import { GENERATED_TYPES, generateTypes } from '../tests/contract/generate';

await setup();
const t = await createTestApp({ escalationSweepMs: 0 });
try {
  const res = await t.app.inject({ method: 'GET', url: '/api/openapi.json' });
  fs.writeFileSync(GENERATED_TYPES, await generateTypes(res.json<object>()));
  console.log(`wrote ${GENERATED_TYPES}`);
} finally {
  await t.close();
}
