#!/usr/bin/env node
// After the e2e run: the server's structured log must never contain a PIN, a password, a session id or a push key.
import fs from 'node:fs';

const port = process.env.E2E_PORT ?? '4173';
const logPath = `.tmp/e2e-server${port === '4173' ? '' : `-${port}`}.log`;
if (!fs.existsSync(logPath)) {
  console.error(`${logPath} is missing: the e2e server did not write its log.`);
  process.exit(1);
}
const lines = fs
  .readFileSync(logPath, 'utf8')
  .split('\n')
  .filter((l) => l.startsWith('{'));
if (lines.length < 20) {
  console.error(`${logPath} has only ${lines.length} log lines: the check would prove nothing.`);
  process.exit(1);
}
const forbidden = [
  [/Demo-pass1!|Secret-pass1!|Abcdef1!|Newcomer-pass1!/, 'a password'],
  [/"(pin|password|token)"\s*:/i, 'a PIN, password or token field'],
  [/ts_session=/, 'a session cookie'],
  [/"set-cookie"\s*:\s*"[^[]/i, 'a Set-Cookie value'],
  [/"(p256dh|auth)"\s*:\s*"[A-Za-z0-9_-]{16,}/, 'a push subscription key'],
  [/"cookie"\s*:\s*"[^[]/i, 'a Cookie header'],
];
let bad = 0;
for (const line of lines) {
  for (const [pattern, what] of forbidden) {
    if (pattern.test(line)) {
      bad++;
      console.error(`e2e server log contains ${what}: ${line.slice(0, 200)}`);
    }
  }
}
if (bad) process.exit(1);
console.log(`e2e server log: ${lines.length} lines checked, no secrets found.`);
