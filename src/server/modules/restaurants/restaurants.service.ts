/** Restaurants: creation (SPEC §5 Create restaurant) and the staff view of one; access rules are in policy/. */
import type { Db, Executor } from '../../db/client';
import { DEFAULT_PRIMARY_COLOR, DEFAULT_SECONDARY_COLOR } from '@shared/constants';
import { MSG } from '@shared/messages';
import { slugify, slugWithSuffix } from '@shared/names';
import { DEFAULT_TIME_ZONE } from '@shared/time-zone';
import type { Restaurant } from '@shared/schemas';
import { badRequest, notFound } from '../../http/errors';
import { assertRestaurantAccess, restaurantFor, type SessionUser } from '../../policy/policy';
import { toApiRestaurant } from './restaurants.mapper';
import { findRestaurant, insertRestaurantIfFree, type RestaurantRow } from './restaurants.repo';

const MAX_SLUG_ATTEMPTS = 1000;

/**
 * SPEC §5: the id is the slug of the name, with -2, -3 … on collision. Each candidate is inserted with
 * ON CONFLICT DO NOTHING, so two concurrent creates can never take the same id.
 */
export async function createRestaurant(
  db: Executor,
  ownerId: string,
  nameInput: string,
  timeZone: string = DEFAULT_TIME_ZONE,
): Promise<RestaurantRow> {
  const name = nameInput.trim();
  if (!name) throw badRequest(MSG.restaurantNameRequired, 'name_required');
  const base = slugify(name) || 'restaurant';
  const now = Date.now();
  for (let attempt = 1; attempt <= MAX_SLUG_ATTEMPTS; attempt++) {
    const row = await insertRestaurantIfFree(db, {
      id: slugWithSuffix(base, attempt),
      name,
      ownerId,
      primaryColor: DEFAULT_PRIMARY_COLOR,
      secondaryColor: DEFAULT_SECONDARY_COLOR,
      timeZone,
      createdAt: now,
      updatedAt: now,
    });
    if (row) return row;
  }
  throw badRequest(MSG.createRestaurantFailed, 'slug_exhausted');
}

export class RestaurantsService {
  constructor(private readonly db: Db) {}

  async get(user: SessionUser, restaurantId: string): Promise<Restaurant> {
    await assertRestaurantAccess(this.db, user, restaurantId);
    const row = await findRestaurant(this.db, restaurantId);
    if (!row) throw notFound(MSG.restaurantNotFound, 'restaurant_not_found');
    return restaurantFor(user, toApiRestaurant(row));
  }
}
