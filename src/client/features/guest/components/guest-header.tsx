import type { PublicRestaurant } from '@shared/schemas';
import { RestaurantMark } from '../../../components/ui/restaurant-mark';
import { readableTextOn, safeColor } from '@shared/color';
import { guestTableLabel } from '@shared/i18n/guest';
import type { Locale } from '@shared/i18n/locales';
import { useI18n } from '../../../lib/i18n';
import { LanguageSwitcher } from './language-switcher';

/**
 * SPEC §2 guest header: coloured with the primary colour; logo (or first letter), name and 'Table {number}'; at
 * its end the language switcher (issue 15). The restaurant's name is its own and never translated.
 */
export function GuestHeader({
  restaurant,
  tableNumber,
  locale,
  onLocaleChange,
}: {
  restaurant: PublicRestaurant;
  tableNumber: string;
  locale: Locale;
  onLocaleChange: (locale: Locale) => void;
}) {
  const i18n = useI18n();
  const background = safeColor(restaurant.primaryColor);
  return (
    <header
      className="px-4 pb-6 pt-[max(1.5rem,env(safe-area-inset-top))] shadow-md"
      style={{ backgroundColor: background, color: readableTextOn(background) }}
    >
      {/* Issue 15: the language switcher on a row of its own at the end, so the restaurant's name keeps the width. */}
      <div className="mx-auto -mt-2 mb-2 flex max-w-lg justify-end">
        <LanguageSwitcher locale={locale} onChange={onLocaleChange} />
      </div>
      <div className="mx-auto flex max-w-lg items-center gap-4">
        <RestaurantMark
          name={restaurant.name}
          logoUrl={restaurant.logoUrl}
          color={restaurant.secondaryColor}
          className="size-14 text-2xl"
        />
        <div className="min-w-0 flex-1">
          <h1 className="truncate text-2xl font-bold">{restaurant.name}</h1>
          <p className="text-lg font-medium opacity-90">{guestTableLabel(i18n, tableNumber)}</p>
        </div>
      </div>
    </header>
  );
}
