import { describe, expect, it } from 'vitest';
import { LOGO_MAX_BYTES } from '@shared/constants';
import { MSG } from '@shared/messages';
import { logoFileError } from './logo-file';

describe('logoFileError (SPEC §5 Settings)', () => {
  it('accepts PNG, JPEG, WebP and GIF under 2MB', () => {
    for (const type of ['image/png', 'image/jpeg', 'image/webp', 'image/gif']) {
      expect(logoFileError({ type, size: 1024 })).toBeNull();
    }
    expect(logoFileError({ type: 'image/png', size: LOGO_MAX_BYTES - 1 })).toBeNull();
  });

  it('refuses anything that is not one of those images, SVG included', () => {
    for (const type of ['text/plain', 'application/pdf', 'image/svg+xml', '']) {
      expect(logoFileError({ type, size: 10 })).toBe(MSG.logoNotImage);
    }
  });

  it('refuses 2MB and more', () => {
    expect(logoFileError({ type: 'image/png', size: LOGO_MAX_BYTES })).toBe(MSG.logoTooLarge);
  });
});
