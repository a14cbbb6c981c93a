/**
 * Issue 6: the app runs under a strict Content-Security-Policy (script-src 'self', no 'unsafe-eval'). Zod 4 probes
 * for eval with `new Function("")` to compile fast object parsers; the probe is caught, but Chromium still reports
 * it as a `securitypolicyviolation`. jitless skips the probe (and the compiled parsers, which our small payloads
 * do not need). Imported first by app/app.tsx (the staff app, the only code that loads zod), and bundled into zod's own
 * chunk (vite.config.ts), so it is set before any schema is built however the staff modules are split.
 */
import { z } from 'zod';

z.config({ jitless: true });
