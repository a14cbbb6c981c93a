/**
 * Which raster image a logo really is, judged by its bytes (magic numbers), never by the declared type or file
 * name. Only PNG, JPEG, WebP and GIF pass: SVG is refused because it can carry script (issue 3).
 */
export type LogoContentType = 'image/png' | 'image/jpeg' | 'image/webp' | 'image/gif';

const startsWith = (bytes: Uint8Array, signature: readonly number[], offset = 0) =>
  bytes.length >= offset + signature.length &&
  signature.every((byte, i) => bytes[offset + i] === byte);

const ascii = (text: string) => [...text].map((c) => c.charCodeAt(0));

const PNG = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const PNG_HEADER_CHUNK = ascii('IHDR');
const JPEG = [0xff, 0xd8, 0xff];
const GIF87 = ascii('GIF87a');
const GIF89 = ascii('GIF89a');
const RIFF = ascii('RIFF');
const WEBP = ascii('WEBP');

export function sniffImageType(bytes: Uint8Array): LogoContentType | null {
  // A PNG's first chunk is always IHDR (PNG spec §5.6), which also rules out a bare signature glued to text.
  if (startsWith(bytes, PNG) && startsWith(bytes, PNG_HEADER_CHUNK, 12)) return 'image/png';
  if (startsWith(bytes, JPEG)) return 'image/jpeg';
  if (startsWith(bytes, GIF87) || startsWith(bytes, GIF89)) return 'image/gif';
  if (startsWith(bytes, RIFF) && startsWith(bytes, WEBP, 8)) return 'image/webp';
  return null;
}

/**
 * Width and height as the image's own header declares them (read by image-size, which decodes no pixels), or null
 * when the header cannot be read: such a file is not a usable image. image-size is loaded with the first logo, not
 * at start (issue 16, lean memory).
 */
export async function imageDimensions(
  bytes: Uint8Array,
): Promise<{ width: number; height: number } | null> {
  const { imageSize } = await import('image-size');
  try {
    const { width, height } = imageSize(bytes);
    return Number.isFinite(width) && Number.isFinite(height) ? { width, height } : null;
  } catch {
    return null;
  }
}
