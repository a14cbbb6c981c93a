import type { PublicRestaurant, Restaurant } from '../../../shared/schemas';
import type { RestaurantWithLogo } from './restaurants.repo';

export const logoUrlOf = (row: RestaurantWithLogo) =>
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
  };
}
