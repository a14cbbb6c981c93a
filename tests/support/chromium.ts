/**
 * The Chromium every browser run uses — the e2e suite (playwright.config.ts) and the pages benchmark
 * (bench/pages.ts): Debian's package (scripts/ensure-chromium.mjs installs it), never a downloaded browser, with no
 * sandbox, no GPU and nothing fetched from outside.
 */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
