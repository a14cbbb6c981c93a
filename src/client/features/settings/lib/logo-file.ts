import { LOGO_MAX_BYTES } from '../../../../shared/constants';
import { MSG } from '../../../../shared/messages';

/** What the server accepts (it checks the bytes; SVG is refused because it can carry script). */
export const LOGO_TYPES = ['image/png', 'image/jpeg', 'image/webp', 'image/gif'];

/** SPEC §5 Settings: the logo must be an image and under 2MB; checked here first, and again by the server. */
export function logoFileError(file: Pick<File, 'type' | 'size'>): string | null {
  if (!LOGO_TYPES.includes(file.type)) return MSG.logoNotImage;
  if (file.size >= LOGO_MAX_BYTES) return MSG.logoTooLarge;
  return null;
}
