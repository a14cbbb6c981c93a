/**
 * The server embeds only SIGN_IN_TEXT_IDS in the page it draws (decision 103): every text the sign-in page's files
 * name must be among them, or the page would show a message id.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { SIGN_IN_TEXT_IDS } from './sign-in-texts';

const client = path.resolve(import.meta.dirname, '../../..');
/** The sign-in page and everything of ours it draws. */
const FILES = [
  'features/auth/sign-in/sign-in-screen.tsx',
  'features/auth/sign-in/sign-in-app.tsx',
  'features/auth/sign-in/sign-in-button.tsx',
  'features/auth/routes/login-page.tsx',
  'features/auth/components/email-login-form.tsx',
  'features/auth/components/pin-login-form.tsx',
  'features/auth/components/install-prompt.tsx',
  'features/auth/components/verify-email-toast.tsx',
  'components/ui/page-frame.tsx',
  'components/ui/form-field.tsx',
  'components/ui/form-error.tsx',
  'components/ui/button.tsx',
  'components/ui/spinner.tsx',
  'sign-in-main.tsx',
];

describe('the sign-in page’s texts', () => {
  it('include every text its files name', () => {
    const listed = new Set<string>(SIGN_IN_TEXT_IDS);
    for (const file of FILES) {
      const source = fs.readFileSync(path.join(client, file), 'utf8');
      const named = [...source.matchAll(/'(app\.[A-Za-z0-9_.]+)'/g)].map((m) => m[1]!);
      for (const id of named) expect(listed.has(id), `${file}: ${id}`).toBe(true);
    }
  });
});
