/**
 * A build step for the browser bundle (decision 108): Lingui 6 formats a plural's number with Intl.NumberFormat
 * every time a plural message is drawn, also when the branch chosen has no `#` to put it in ("Uncovered tables:" on
 * the console). A page's first Intl formatter costs Chromium 40–80 ms of main thread on this machine (ICU's data,
 * once per page; Intl.PluralRules, which picks the branch, costs under 5 ms), so an empty console paid that for a
 * number it never showed. With this step the number is formatted only when the branch shows it; what a message
 * reads is unchanged. It fails the build when Lingui's code no longer has the line it edits: then check whether a
 * new Lingui still formats the unused number, and drop or adjust this step.
 */
import type { Plugin } from 'vite';

/** The one file of @lingui/core the browser bundle takes (its ESM build). */
const LINGUI_CORE = /[\\/]node_modules[\\/]@lingui[\\/]core[\\/]dist[\\/]index\.mjs$/;

const LINE = 'const replaceOctothorpe = (value, message) => {';
const PLACEHOLDER = 'OCTOTHORPE_PH';

/**
 * Lingui's core with the guard in. It adds no line, so the bundle's source map of the rest of the file stays
 * right without a map of its own.
 */
export function formatPluralNumberOnlyWhenShown(code: string): string {
  if (code.split(LINE).length !== 2 || !code.includes(`const ${PLACEHOLDER} =`))
    throw new Error(
      `@lingui/core changed: "${LINE}" is not in it once (scripts/lingui-plural-number.ts, decision 108)`,
    );
  return code.replace(LINE, `${LINE} if (!message.includes(${PLACEHOLDER})) return message;`);
}

export function linguiPluralNumber(): Plugin {
  return {
    name: 'table-service:lingui-plural-number',
    apply: 'build',
    transform(code, id) {
      if (!LINGUI_CORE.test(id)) return null;
      return { code: formatPluralNumberOnlyWhenShown(code), map: null };
    },
  };
}
