#!/usr/bin/env node
// After the e2e run: the server's structured log must never contain a PIN, a password, a session id or a push key.
// Besides field names, it looks for the actual secrets the run used: the demo's and the e2e specs' PINs and
// passwords (read from src/server/demo.ts and tests/e2e/*.ts, so the list follows them) and session cookie values.
import fs from 'node:fs';
import path from 'node:path';

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

// The secrets of this run, as written in its sources: `password: '…'`, `pin: '…'`, `SERVER_PIN = '…'`, and PINs
// typed into fields (`.fill('1357')`).
const sources = [
  'src/server/demo.ts',
  ...fs
    .readdirSync('tests/e2e')
    .filter((f) => f.endsWith('.ts'))
    .map((f) => path.join('tests/e2e', f)),
];
const passwords = new Set();
const pins = new Set();
for (const file of sources) {
  const text = fs.readFileSync(file, 'utf8');
  for (const m of text.matchAll(/\b\w*(password|pin)\w*\s*[:=]\s*'([^']+)'/gi)) {
    (/password/i.test(m[1]) ? passwords : pins).add(m[2]);
  }
  for (const m of text.matchAll(/\.fill\('(\d{4,6})'\)/g)) pins.add(m[1]);
}
for (const pin of [...pins]) if (!/^\d{4,6}$/.test(pin)) pins.delete(pin);
// The demo's own secrets must have been found, or the extraction above is broken and the check proves nothing.
for (const expected of ['1234', '5678']) {
  if (!pins.has(expected)) {
    console.error(`check-e2e-log: could not read the demo PIN ${expected} from the sources.`);
    process.exit(1);
  }
}
if (!passwords.has('Demo-pass1!')) {
  console.error('check-e2e-log: could not read the demo password from the sources.');
  process.exit(1);
}

const escape = (s) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const alternation = (values) => [...values].map(escape).join('|');
const forbidden = [
  // A password anywhere, verbatim or JSON-escaped.
  [
    new RegExp(alternation([...passwords].flatMap((p) => [p, JSON.stringify(p).slice(1, -1)]))),
    'a password',
  ],
  // A PIN as the value of any field whose name mentions a PIN (pin, newPin, confirmPin …), string or number,
  [new RegExp(`"\\w*pin\\w*"\\s*:\\s*"?(${alternation(pins)})\\b`, 'i'), 'a PIN value'],
  // or as a whole JSON string value of any field (a body logged under another name).
  [new RegExp(`:\\s*"(${alternation(pins)})"`), 'a PIN value'],
  [/"(pin|password|token)"\s*:/i, 'a PIN, password or token field'],
  [/ts_session=/, 'a session cookie'],
  [/"ts_session"\s*:\s*"[A-Za-z0-9_-]{20,}/, 'a session cookie value'],
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
console.log(
  `e2e server log: ${lines.length} lines checked for ${passwords.size} passwords, ${pins.size} PINs, ` +
    'session cookies and push keys; no secrets found.',
);
