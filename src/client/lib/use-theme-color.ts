import { useEffect } from 'react';
import { DEFAULT_THEME_COLOR } from '@shared/constants';

function themeColorMeta(): HTMLMetaElement {
  const existing = document.querySelector<HTMLMetaElement>('meta[name="theme-color"]');
  if (existing) return existing;
  const meta = document.createElement('meta');
  meta.name = 'theme-color';
  document.head.append(meta);
  return meta;
}

/** SPEC §2 guest page: the browser theme colour follows the restaurant while on the page, white after. */
export function useThemeColor(color: string | undefined): void {
  useEffect(() => {
    if (color === undefined) return;
    const meta = themeColorMeta();
    meta.content = color;
    return () => {
      meta.content = DEFAULT_THEME_COLOR;
    };
  }, [color]);
}
