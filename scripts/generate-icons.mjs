#!/usr/bin/env node
// Draws the app icons (PWA manifest, Apple touch icon, notification badge) from the favicon's design — a white
// cloche on the brand blue — into src/client/public/icons. Run it after changing the design; the PNGs are committed.
import fs from 'node:fs';
import path from 'node:path';
import { PNG } from 'pngjs';

const OUT = path.resolve('src/client/public/icons');
const BLUE = [0x1e, 0x40, 0xaf];
const WHITE = [0xff, 0xff, 0xff];
const STROKE = 2; // half of the favicon's stroke-width 4, in its 64-unit view box
const SAMPLES = 4; // supersampling per axis, for smooth edges

const dist = (ax, ay, bx, by) => Math.hypot(ax - bx, ay - by);
function segment(px, py, ax, ay, bx, by) {
  const dx = bx - ax;
  const dy = by - ay;
  const t = Math.max(0, Math.min(1, ((px - ax) * dx + (py - ay) * dy) / (dx * dx + dy * dy || 1)));
  return dist(px, py, ax + t * dx, ay + t * dy);
}
// The favicon's path: M16 40h32 · M20 40v-4 a12 12 0 0 1 24 0 v4 · M32 22v2
function glyphDistance(x, y) {
  const arc =
    y <= 36 ? Math.abs(dist(x, y, 32, 36) - 12) : Math.min(dist(x, y, 20, 36), dist(x, y, 44, 36));
  return Math.min(
    segment(x, y, 16, 40, 48, 40),
    segment(x, y, 20, 40, 20, 36),
    segment(x, y, 44, 40, 44, 36),
    segment(x, y, 32, 22, 32, 24),
    arc,
  );
}
function roundedRectContains(x, y, r) {
  const cx = Math.max(r, Math.min(64 - r, x));
  const cy = Math.max(r, Math.min(64 - r, y));
  return x >= 0 && x <= 64 && y >= 0 && y <= 64 && dist(x, y, cx, cy) <= r;
}

/** kind: 'any' (rounded square), 'full' (full-bleed square: maskable, Apple), 'badge' (white glyph only). */
function draw(size, kind) {
  const png = new PNG({ width: size, height: size });
  for (let py = 0; py < size; py++) {
    for (let px = 0; px < size; px++) {
      let bg = 0;
      let fg = 0;
      for (let sy = 0; sy < SAMPLES; sy++) {
        for (let sx = 0; sx < SAMPLES; sx++) {
          const x = ((px + (sx + 0.5) / SAMPLES) / size) * 64;
          const y = ((py + (sy + 0.5) / SAMPLES) / size) * 64;
          if (kind === 'full' || (kind === 'any' && roundedRectContains(x, y, 14))) bg++;
          if (glyphDistance(x, y) <= STROKE) fg++;
        }
      }
      const n = SAMPLES * SAMPLES;
      const i = (py * size + px) * 4;
      if (kind === 'badge') {
        png.data.set([...WHITE, Math.round((fg / n) * 255)], i);
        continue;
      }
      const a = bg / n;
      const f = fg / n;
      const color = BLUE.map((c, k) => Math.round(c * (1 - f) + WHITE[k] * f));
      png.data.set([...color, Math.round(Math.max(a, f) * 255)], i);
    }
  }
  return PNG.sync.write(png);
}

fs.mkdirSync(OUT, { recursive: true });
const icons = [
  ['icon-192.png', 192, 'any'],
  ['icon-512.png', 512, 'any'],
  ['maskable-512.png', 512, 'full'],
  ['apple-touch-icon-180.png', 180, 'full'],
  ['badge-96.png', 96, 'badge'],
];
for (const [name, size, kind] of icons) {
  fs.writeFileSync(path.join(OUT, name), draw(size, kind));
  console.log(`wrote ${path.relative(process.cwd(), path.join(OUT, name))}`);
}
