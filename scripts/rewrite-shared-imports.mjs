#!/usr/bin/env node
// Rewrites relative imports of src/shared (`../../../shared/paths`) to the `@shared/*` alias (`@shared/paths`) in
// every TypeScript file under src, tests and bench, outside src/shared itself (its modules import each other by
// `./`). Mechanical and idempotent: run it, then `npx prettier --write` the files it names (import order may
// shift) and typecheck. Usage: node scripts/rewrite-shared-imports.mjs [--check]
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const shared = path.join(root, 'src/shared');
const check = process.argv.includes('--check');

function* sources(dir) {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) {
      if (full !== shared && !['node_modules', 'migrations'].includes(entry.name))
        yield* sources(full);
    } else if (/\.tsx?$/.test(entry.name)) yield full;
  }
}

// import … from '…', export … from '…', import '…', import('…'), vi.mock('…'), vi.importActual('…').
const specifier =
  /((?:\bfrom|\bimport|\bimport\(|\bvi\.mock\(|\bvi\.importActual(?:<[^>]*>)?\()\s*)(['"])(\.\.?\/[^'"]+)\2/g;

const changed = [];
for (const dir of ['src', 'tests', 'bench']) {
  for (const file of sources(path.join(root, dir))) {
    const text = fs.readFileSync(file, 'utf8');
    const next = text.replace(specifier, (match, before, quote, spec) => {
      const target = path.resolve(path.dirname(file), spec);
      if (!target.startsWith(shared + path.sep)) return match;
      const inside = path.relative(shared, target).split(path.sep).join('/');
      return `${before}${quote}@shared/${inside}${quote}`;
    });
    if (next === text) continue;
    changed.push(path.relative(root, file));
    if (!check) fs.writeFileSync(file, next);
  }
}
console.log(changed.join('\n'));
if (check && changed.length > 0) process.exitCode = 1;
