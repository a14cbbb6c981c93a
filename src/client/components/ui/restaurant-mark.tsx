import { readableTextOn, safeColor } from '@shared/color';

export interface RestaurantMarkProps {
  name: string;
  logoUrl: string | null;
  color: string;
  className?: string;
}

/**
 * SPEC §2: the restaurant logo, or the first letter of its name in a coloured circle when there is no logo.
 * Decorative: the name is always printed next to it.
 */
export function RestaurantMark({
  name,
  logoUrl,
  color,
  className = 'size-10',
}: RestaurantMarkProps) {
  if (logoUrl) {
    return (
      <img
        src={logoUrl}
        alt=""
        className={`shrink-0 rounded-full bg-white object-contain ring-1 ring-black/10 ${className}`}
      />
    );
  }
  const background = safeColor(color);
  return (
    <span
      aria-hidden="true"
      className={`inline-flex shrink-0 items-center justify-center rounded-full font-bold ring-1 ring-black/10 ${className}`}
      style={{ backgroundColor: background, color: readableTextOn(background) }}
    >
      {name.trim().charAt(0).toUpperCase() || '?'}
    </span>
  );
}
