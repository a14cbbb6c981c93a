import { LOGO_MAX_BYTES } from '@shared/constants';
import { MSG } from '@shared/messages';

/** What the server accepts (it checks the bytes; SVG is refused because it can carry script). */
export const LOGO_TYPES = ['image/png', 'image/jpeg', 'image/webp', 'image/gif'];

/**
 * SPEC §5 Settings: the logo must be an image and under 2MB; checked here first, and again by the server. `texts`:
 * the refusals in the screen's language (SPEC's English by default).
 */
export function logoFileError(
  file: Pick<File, 'type' | 'size'>,
  texts: { notImage: string; tooLarge: string } = {
    notImage: MSG.logoNotImage,
    tooLarge: MSG.logoTooLarge,
  },
): string | null {
  if (!LOGO_TYPES.includes(file.type)) return texts.notImage;
  if (file.size >= LOGO_MAX_BYTES) return texts.tooLarge;
  return null;
}
