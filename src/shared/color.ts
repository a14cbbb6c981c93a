/**
 * Restaurants pick their own brand colours (SPEC §2 settings), so text drawn on them must pick black or white
 * to keep WCAG AA contrast whatever colour is chosen.
 */
import { DEFAULT_PRIMARY_COLOR } from './constants';
import { HEX_COLOR } from './rules';

const DARK_TEXT = '#111827';
const LIGHT_TEXT = '#ffffff';

function channel(value: number): number {
  const c = value / 255;
  return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
}

function luminance(hex: string): number {
  const n = Number.parseInt(hex.slice(1), 16);
  return (
    0.2126 * channel((n >> 16) & 255) + 0.7152 * channel((n >> 8) & 255) + 0.0722 * channel(n & 255)
  );
}

function contrast(a: number, b: number): number {
  const [hi, lo] = a > b ? [a, b] : [b, a];
  return (hi + 0.05) / (lo + 0.05);
}

/** A valid #RRGGBB colour, or the SPEC §3 default primary colour. */
export function safeColor(color: string | null | undefined): string {
  return color && HEX_COLOR.test(color) ? color : DEFAULT_PRIMARY_COLOR;
}

/** Black or white, whichever contrasts more with the background colour. */
export function readableTextOn(background: string): string {
  const bg = luminance(safeColor(background));
  return contrast(bg, luminance(LIGHT_TEXT)) >= contrast(bg, luminance(DARK_TEXT))
    ? LIGHT_TEXT
    : DARK_TEXT;
}
