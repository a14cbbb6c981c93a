import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import importX from 'eslint-plugin-import-x';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import fs from 'node:fs';

/**
 * Import directions (DESIGN.md Layout, docs/decisions/040): `client → shared ← server`, never client ↔ server;
 * in the client `shared ← lib, components ← features ← app`, and a feature never imports another feature.
 * tests/lint/boundaries.test.ts proves each zone reports a wrong import.
 */
const features = fs
  .readdirSync(new URL('./src/client/features', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

/**
 * The named exceptions to server ↛ client: the server draws pages with the components the browser then takes
 * over — the guest view (docs/decisions/017), the sign-in page (decision 103) and the console's first frame
 * (decision 106).
 */
const DRAWN_PAGES = {
  'src/server/http/guest-page.tsx': ['./features/guest/components/guest-table-view.tsx'],
  'src/server/http/sign-in-page.tsx': [
    './features/auth/sign-in/sign-in-app.tsx',
    './features/auth/sign-in/sign-in-texts.ts',
    './lib/i18n.tsx',
  ],
  'src/server/http/sign-in-page.test.ts': ['./features/auth/sign-in/sign-in-texts.ts'],
  'src/server/http/console-frame.tsx': ['./app/console-frame.tsx', './lib/i18n.tsx'],
};

function boundaryZones({ clientAllowed = [] } = {}) {
  return [
    {
      target: './src/shared',
      from: ['./src/client', './src/server'],
      message: 'src/shared is isomorphic: it imports neither client nor server code.',
    },
    {
      target: './src/server',
      from: './src/client',
      ...(clientAllowed.length > 0 ? { except: clientAllowed } : {}),
      message:
        'The server never imports client code (the exceptions: the pages it draws, guest-page.tsx, sign-in-page.tsx and console-frame.tsx, decisions 017, 103 and 106); move what both need into src/shared.',
    },
    {
      target: './src/client',
      from: './src/server',
      message: 'The client never imports server code; move what both need into src/shared.',
    },
    {
      target: ['./src/client/lib', './src/client/components'],
      from: ['./src/client/features', './src/client/app'],
      message: 'lib/ and components/ sit below the features: they never import a feature or app/.',
    },
    {
      target: './src/client/features',
      from: './src/client/app',
      message: 'Features never import app/: app/ composes the features.',
    },
    ...features.map((feature) => ({
      target: `./src/client/features/${feature}`,
      from: './src/client/features',
      except: [`./${feature}`],
      message:
        'A feature never imports another feature: what two features need moves down to lib/ or components/, or up to app/.',
    })),
  ];
}

/** A Tailwind class naming a raw palette colour (`bg-blue-600`, `hover:text-slate-900/80`), not a design token. */
const RAW_PALETTE_CLASS =
  '/(^|[\\s:])(bg|text|border|border-[trblxyse]|ring|ring-offset|outline|fill|stroke|divide|placeholder|accent|caret|decoration|from|via|to|shadow)-(slate|gray|zinc|neutral|stone|red|orange|amber|yellow|lime|green|emerald|teal|cyan|sky|blue|indigo|violet|purple|fuchsia|pink|rose)-[0-9]/';
const TOKEN_MESSAGE =
  'Use a design token (src/client/styles.css, decision 049), e.g. text-ink, bg-brand-600, border-line, not a raw palette colour.';
const TOKEN_SELECTORS = [
  { selector: `Literal[value=${RAW_PALETTE_CLASS}]`, message: TOKEN_MESSAGE },
  { selector: `TemplateElement[value.raw=${RAW_PALETTE_CLASS}]`, message: TOKEN_MESSAGE },
];

/**
 * Issue 15 (docs/decisions/042): the screens already translated take every user-facing text from the catalogue
 * (src/shared/i18n/catalogs). Text written straight into JSX, an aria-label/title/alt/placeholder given as a
 * literal, or a sentence-like string literal inside JSX (a ternary's 'Sending...') is reported, and so is the
 * English-only MSG of shared/messages.ts. tests/lint/unlocalized.test.ts proves each case is reported.
 */
export const TRANSLATED = [
  'src/client/features/guest/**/*.tsx',
  'src/client/app/guest-app.tsx',
  'src/client/features/dashboard/**/*.tsx',
  'src/client/app/new-requests-toast.tsx',
  'src/client/app/staff-i18n.tsx',
  'src/client/components/account-language.tsx',
  'src/client/components/delete-account-section.tsx',
  'src/client/features/account/**/*.tsx',
  'src/client/features/requests/**/*.tsx',
  'src/client/app/header.tsx',
  'src/client/app/staff-layout.tsx',
  'src/client/app/sound-banner.tsx',
  'src/client/app/route-guards.tsx',
  'src/client/app/pending-requests-provider.tsx',
  'src/client/app/live-provider.tsx',
  'src/client/components/no-restaurant-notice.tsx',
  'src/client/components/restaurant-name-form.tsx',
  'src/client/components/ui/*.tsx',
  'src/client/features/settings/**/*.tsx',
  'src/client/features/auth/**/*.tsx',
  'src/client/features/verification/**/*.tsx',
  'src/client/features/analytics/**/*.tsx',
  'src/client/features/tables/**/*.tsx',
  'src/client/features/staff/**/*.tsx',
  'src/client/features/restaurants/**/*.tsx',
  'src/client/features/super-admin/**/*.tsx',
  'src/client/features/boards/**/*.tsx',
];
const UNLOCALIZED =
  'A user-facing text must come from the catalogue (src/shared/i18n/catalogs, decision 042).';
export const unlocalizedRules = {
  'no-restricted-syntax': [
    'error',
    { selector: 'JSXText[value=/\\p{L}/u]', message: UNLOCALIZED },
    {
      selector:
        'JSXAttribute[name.name=/^(aria-label|aria-description|title|alt|placeholder|label)$/] > Literal[value=/\\p{L}/u]',
      message: UNLOCALIZED,
    },
    {
      selector:
        'JSXAttribute[name.name=/^(aria-label|aria-description|title|alt|placeholder|label)$/] > JSXExpressionContainer > TemplateLiteral',
      message: UNLOCALIZED,
    },
    {
      selector: 'JSXExpressionContainer Literal[value=/^\\p{Lu}\\p{Ll}+([ .!?…]|$)/u]',
      message: UNLOCALIZED,
    },
  ],
  'no-restricted-imports': [
    'error',
    {
      patterns: [
        {
          group: ['**/shared/messages', '@shared/messages'],
          message: 'MSG is English only: take the text from the catalogue (decision 042).',
        },
      ],
    },
  ],
};

export default tseslint.config(
  {
    ignores: [
      'dist',
      'data',
      '.tmp',
      'node_modules',
      'test-results',
      'playwright-report',
      'src/server/db/migrations',
      'tests/contract/generated',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      globals: { ...globals.browser, ...globals.node },
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    plugins: { 'react-hooks': reactHooks, 'import-x': importX },
    settings: {
      'import-x/resolver-next': [createTypeScriptImportResolver({ project: 'tsconfig.json' })],
    },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'import-x/no-restricted-paths': [
        'error',
        { basePath: import.meta.dirname, zones: boundaryZones() },
      ],
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': [
        'error',
        { checksVoidReturn: { attributes: false } },
      ],
      '@typescript-eslint/switch-exhaustiveness-check': 'error',
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      'react-hooks/set-state-in-effect': 'off',
    },
  },
  ...Object.entries(DRAWN_PAGES).map(([file, clientAllowed]) => ({
    files: [file],
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        { basePath: import.meta.dirname, zones: boundaryZones({ clientAllowed }) },
      ],
    },
  })),
  {
    // Design tokens (decision 049): screens are styled with the tokens of src/client/styles.css, never with
    // Tailwind's raw palette (which styles.css switches off, so such a class would silently style nothing).
    files: ['src/client/**/*.{ts,tsx}', 'src/server/**/*.tsx'],
    ignores: ['**/*.test.ts', '**/*.test.tsx'],
    rules: { 'no-restricted-syntax': ['error', ...TOKEN_SELECTORS] },
  },
  {
    // Decision 104: react-toastify loads with the first toast. Screens raise toasts through lib/toast.ts; only the
    // lazily loaded container imports the library's code (types are free).
    files: ['src/client/**/*.{ts,tsx}'],
    ignores: ['src/client/components/toast-container.tsx', '**/*.test.ts', '**/*.test.tsx'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: 'react-toastify',
              allowTypeImports: true,
              message:
                'Raise toasts with lib/toast.ts: react-toastify loads with the first toast (decision 104).',
            },
          ],
        },
      ],
    },
  },
  {
    // A later block's options replace an earlier one's for the same rule: translated screens get both sets.
    files: TRANSLATED,
    rules: {
      ...unlocalizedRules,
      'no-restricted-syntax': [...unlocalizedRules['no-restricted-syntax'], ...TOKEN_SELECTORS],
    },
  },
  {
    // Tests read untyped JSON bodies from inject() and assert on them.
    files: ['**/*.test.ts', 'tests/**/*.ts', 'bench/**/*.ts'],
    rules: {
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-argument': 'off',
      '@typescript-eslint/no-unsafe-call': 'off',
      '@typescript-eslint/no-non-null-assertion': 'off',
    },
  },
  {
    files: ['**/*.js', '**/*.mjs'],
    ...tseslint.configs.disableTypeChecked,
  },
);
