import { describe, expect, it } from 'vitest';
import { sniffImageType } from './image-type';

const bytes = (...parts: (number[] | string)[]) =>
  Uint8Array.from(
    parts.flatMap((p) => (typeof p === 'string' ? [...p].map((c) => c.charCodeAt(0)) : p)),
  );
const PNG_START = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13];

describe('sniffImageType (logo bytes, issue 3)', () => {
  it('recognises PNG, JPEG, GIF and WebP by their magic numbers', () => {
    expect(sniffImageType(bytes(PNG_START, 'IHDR', [0, 0, 0, 1]))).toBe('image/png');
    expect(sniffImageType(bytes([0xff, 0xd8, 0xff, 0xe0, 0, 0x10], 'JFIF'))).toBe('image/jpeg');
    expect(sniffImageType(bytes('GIF89a', [1, 0, 1, 0]))).toBe('image/gif');
    expect(sniffImageType(bytes('GIF87a', [1, 0, 1, 0]))).toBe('image/gif');
    expect(sniffImageType(bytes('RIFF', [0x24, 0, 0, 0], 'WEBPVP8 '))).toBe('image/webp');
  });

  it('refuses SVG, even one that starts like an image would', () => {
    expect(sniffImageType(bytes('<svg xmlns="http://www.w3.org/2000/svg"><script/></svg>'))).toBe(
      null,
    );
    expect(sniffImageType(bytes('<?xml version="1.0"?><svg/>'))).toBe(null);
  });

  it('refuses text, empty files, truncated signatures and other RIFF formats', () => {
    expect(sniffImageType(bytes('just some text renamed to logo.png'))).toBe(null);
    expect(sniffImageType(new Uint8Array())).toBe(null);
    expect(sniffImageType(bytes([0x89, 0x50, 0x4e]))).toBe(null);
    expect(sniffImageType(bytes(PNG_START, '<html>'))).toBe(null);
    expect(sniffImageType(bytes([0xff, 0xd8]))).toBe(null);
    expect(sniffImageType(bytes('GIF90a'))).toBe(null);
    expect(sniffImageType(bytes('RIFF', [0x24, 0, 0, 0], 'WAVEfmt '))).toBe(null);
  });
});
