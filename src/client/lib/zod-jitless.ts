/**
 * Issue 6: the app runs under a strict Content-Security-Policy (script-src 'self', no 'unsafe-eval'). Zod 4 probes
 * for eval with `new Function("")` to compile fast object parsers; the probe is caught, but Chromium still reports
 * it as a `securitypolicyviolation`. jitless skips the probe (and the compiled parsers, which our small payloads
 * do not need).
 *
 * The client build resolves every `import … from 'zod'` to this module (vite.config.ts), so the switch is set before
 * any client module can build or run a schema, whichever screen first loads zod (decision 104: the staff app's
 * first load carries none). It is bundled into zod's own chunk.
 */
import { z } from 'zod/v4';

z.config({ jitless: true });

export * from 'zod/v4';
