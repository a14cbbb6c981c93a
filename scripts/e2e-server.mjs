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
// A real SMTP peer (tests/support/smtp-peer.ts): the app sends every mail over SMTP to it, and it writes each one as
// an .eml file into the outbox directory where the specs read them (accounts.spec.ts, staff-manage.spec.ts).
const outbox = path.join(dataDir, 'outbox');
const { tsImport } = await import('tsx/esm/api');
const { startSmtpPeer } = await tsImport('../tests/support/smtp-peer.ts', import.meta.url);
let mailCount = 0;
const smtp = await startSmtpPeer(async (mail) => {
  await fs.promises.mkdir(outbox, { recursive: true });
  const stamp = new Date().toISOString().replace(/[:.]/g, '-');
  const name = `${stamp}-${String(++mailCount).padStart(4, '0')}.eml`;
  await fs.promises.writeFile(path.join(outbox, name), mail.raw, { mode: 0o600 });
});
const env = {
  ...process.env,
  SMTP_URL: smtp.url,
  DATA_DIR: dataDir,
  PORT: port,
  HOST: '127.0.0.1',
  PUBLIC_URL: `http://127.0.0.1:${port}`,
  NODE_ENV: 'development',
  LOG_LEVEL: process.env.E2E_LOG_LEVEL ?? 'info',
  // Every spec signs in from 127.0.0.1: the suite would trip the per-address sign-in limit (30 a minute), which
  // the integration tests cover (address-limits.test.ts).
  SIGN_IN_ADDRESS_LIMIT: '1000',
  // Ten specs each create restaurants for the demo owner, and a retried spec creates its own again: on a slow CI
  // machine one retry pushed the owner past the 20-restaurant cap and failed two later specs that had nothing wrong.
  // The cap itself is covered by the integration tests (restaurant-ids.test.ts).
  MAX_RESTAURANTS_PER_ADMIN: '200',
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
child.on('exit', (code) => {
  void smtp.close();
  log.end(() => process.exit(code ?? 0));
});
