#!/usr/bin/env node
// Starts the compiled app (dist/server, `npm run build`) for the e2e suite, as `npm run serve` does, on a fresh
// embedded database (with the demo restaurant), so every e2e run covers the server's build too. Its structured log
// is also written to .tmp/e2e-server.log, which scripts/check-e2e-log.mjs scans for secrets after the run.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const port = process.env.E2E_PORT ?? '4173';
// A run on another port (two suites at once on one machine) gets its own data and log.
const suffix = port === '4173' ? '' : `-${port}`;
const dataDir = path.resolve(`.tmp/e2e-data${suffix}`);
const logPath = path.resolve(`.tmp/e2e-server${suffix}.log`);
fs.rmSync(dataDir, { recursive: true, force: true });
fs.mkdirSync(path.dirname(logPath), { recursive: true });
const log = fs.createWriteStream(logPath);
const env = {
  ...process.env,
  DATA_DIR: dataDir,
  PORT: port,
  HOST: '127.0.0.1',
  PUBLIC_URL: `http://127.0.0.1:${port}`,
  NODE_ENV: 'development',
  LOG_LEVEL: process.env.E2E_LOG_LEVEL ?? 'info',
  // Every spec signs in from 127.0.0.1: the suite would trip the per-address sign-in limit (30 a minute), which
  // the integration tests cover (address-limits.test.ts).
  SIGN_IN_ADDRESS_LIMIT: '1000',
};
// The demo plus the e2e-only accounts (tests/e2e/seed-data.ts), written before the server opens the database.
const seeded = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/e2e-seed.ts'], {
  stdio: 'inherit',
  env,
});
if (seeded.status !== 0) process.exit(seeded.status ?? 1);
if (!fs.existsSync('dist/server/main.js')) {
  console.error(
    'dist/server/main.js is missing: run `npm run build` first (npm run test:e2e does).',
  );
  process.exit(1);
}
const child = spawn(process.execPath, ['dist/server/main.js'], {
  stdio: ['ignore', 'pipe', 'pipe'],
  env,
});
for (const stream of [child.stdout, child.stderr]) {
  stream.on('data', (chunk) => {
    log.write(chunk);
    // Only warnings and worse reach the test output, to keep it readable.
    for (const line of chunk.toString().split('\n')) {
      if (line && !/"level":(10|20|30)\b/.test(line)) process.stdout.write(line + '\n');
    }
  });
}
for (const signal of ['SIGTERM', 'SIGINT']) process.on(signal, () => child.kill(signal));
child.on('exit', (code) => log.end(() => process.exit(code ?? 0)));
