#!/usr/bin/env node
// Finds Debian's Chromium for the e2e tests, or installs it with apt-get when run as root.
// Playwright's own browser download cannot work here, so the tests drive the system Chromium.
import { execSync } from 'node:child_process';
import fs from 'node:fs';

const path = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
// Issue 15: the guest page's screenshots in Japanese (and the Chinese page) need CJK glyphs; Debian's Noto CJK.
const CJK_FONT = '/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc';
if (!fs.existsSync(CJK_FONT) && process.getuid?.() === 0) {
  console.log('CJK fonts not found; installing fonts-noto-cjk with apt-get…');
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  execSync('apt-get update -qq', { stdio: 'inherit', env });
  execSync('apt-get install -y -qq fonts-noto-cjk', { stdio: 'inherit', env });
}
if (fs.existsSync(path)) process.exit(0);

if (process.getuid?.() === 0) {
  console.log(`Chromium not found at ${path}; installing Debian's chromium with apt-get…`);
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  execSync('apt-get update -qq', { stdio: 'inherit', env });
  execSync('apt-get install -y -qq chromium', { stdio: 'inherit', env });
  if (fs.existsSync(path)) process.exit(0);
}
console.error(
  `Chromium is needed for the e2e tests: run 'sudo apt-get install -y chromium' (or set CHROMIUM_PATH).`,
);
process.exit(1);
