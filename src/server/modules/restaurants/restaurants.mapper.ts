import type { PublicRestaurant, Restaurant } from '@shared/schemas';
import { DEFAULT_LOCALE, isLocale } from '@shared/i18n/locales';
import type { RequestTypesConfig } from '@shared/request-types';
import type { RestaurantWithLogo } from './restaurants.repo';

/** What a guest sees of the buttons: deleted ones are only for the staff's history (decision 087). */
const publicRequestTypes = (config: RequestTypesConfig): RequestTypesConfig => ({
  hidden: config.hidden,
  custom: config.custom.filter((c) => c.deletedAt === null),
});

const logoUrlOf = (row: RestaurantWithLogo) =>
  row.logoEtag
    ? `/api/public/restaurants/${encodeURIComponent(row.id)}/logo?v=${row.logoEtag}`
    : null;

export function toApiRestaurant(row: RestaurantWithLogo): Restaurant {
  return {
    id: row.id,
    name: row.name,
    logoUrl: logoUrlOf(row),
    primaryColor: row.primaryColor,
    secondaryColor: row.secondaryColor,
    reviewUrl: row.reviewUrl,
    ownerId: row.ownerId,
    escalateAfterMinutes: row.escalateAfterMinutes,
    receiptTimeoutSeconds: row.receiptTimeoutSeconds,
    pagerRepeat: row.pagerRepeat,
    showServerNames: row.showServerNames,
    timeZone: row.timeZone,
    guestLanguage: isLocale(row.guestLanguage) ? row.guestLanguage : DEFAULT_LOCALE,
    requestTypes: row.requestTypes,
    openingHours: row.openingHours ?? null,
    pressBudgetPerMinute: row.pressBudgetPerMinute,
    orderReminderMinutes: row.orderReminderMinutes,
    visitCloseAfterBillMinutes: row.visitCloseAfterBillMinutes,
    billReminderMinutes: row.billReminderMinutes,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
  };
}

export function toPublicRestaurant(row: RestaurantWithLogo): PublicRestaurant {
  return {
    id: row.id,
    name: row.name,
    logoUrl: logoUrlOf(row),
    primaryColor: row.primaryColor,
    secondaryColor: row.secondaryColor,
    reviewUrl: row.reviewUrl,
    guestLanguage: isLocale(row.guestLanguage) ? row.guestLanguage : DEFAULT_LOCALE,
    requestTypes: publicRequestTypes(row.requestTypes),
  };
}

/** The guest's view of a restaurant the API already mapped (the public live channel). */
export function publicOf(restaurant: Restaurant): PublicRestaurant {
  return {
    id: restaurant.id,
    name: restaurant.name,
    logoUrl: restaurant.logoUrl,
    primaryColor: restaurant.primaryColor,
    secondaryColor: restaurant.secondaryColor,
    reviewUrl: restaurant.reviewUrl,
    guestLanguage: restaurant.guestLanguage,
    requestTypes: publicRequestTypes(restaurant.requestTypes),
  };
}
