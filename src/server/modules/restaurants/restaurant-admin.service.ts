/**
 * What an admin does to their restaurants (SPEC §2 /admin/settings, §5 Create restaurant and Settings): list,
 * create, rename and brand, delete, logo upload and delete. Every call is checked against ownership here; another
 * owner's restaurant answers 404 exactly like a missing one and nothing changes.
 */
import { canonicalHours } from '@shared/opening-hours';
import { createHash, randomInt } from 'node:crypto';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import {
  LOGO_MAX_BYTES,
  LOGO_MAX_SIDE_PX,
  MAX_RESTAURANTS_PER_ADMIN_DEFAULT,
} from '@shared/constants';
import { MSG } from '@shared/messages';
import {
  CUSTOM_TYPES_KEPT_MAX,
  normalizeLabels,
  requestTypesProblem,
  type CustomRequestType,
  type RequestTypesProblem,
} from '@shared/request-types';
import { REQUEST_TYPES } from '@shared/rules';
import type {
  Restaurant,
  updateRequestTypesBodySchema,
  updateRestaurantBodySchema,
} from '@shared/schemas';
import { AppError, conflict, notFound } from '../../http/errors';
import type { LiveService } from '../../live/live.service';
import type { SessionUser } from '../auth/auth.service';
import { serverIdsOfRestaurants } from '../users/users.repo';
import { imageDimensions, sniffImageType } from './image-type';
import { toApiRestaurant } from './restaurants.mapper';
import {
  deleteLogoRow,
  deleteRestaurantRow,
  findRestaurant,
  findRestaurantsOfOwner,
  lockOwnedRestaurant,
  lockOwnerAndCountRestaurants,
  lockRestaurantIdsOfOwner,
  updateRestaurantRow,
  upsertLogo,
  type RestaurantPatch,
} from './restaurants.repo';
import { assertRestaurantAccess } from '../../policy/policy';
import { createRestaurant } from './restaurants.service';

export type UpdateRestaurantBody = z.infer<typeof updateRestaurantBodySchema>;
export type UpdateRequestTypesBody = z.infer<typeof updateRequestTypesBodySchema>;

const BUTTON_REFUSALS: Record<RequestTypesProblem, () => AppError> = {
  button_label_required: () => new AppError(400, 'button_label_required', MSG.buttonLabelRequired),
  button_label_too_long: () => new AppError(400, 'button_label_too_long', MSG.buttonLabelTooLong),
  button_label_invalid: () => new AppError(400, 'button_label_invalid', MSG.buttonLabelInvalid),
  button_icon_invalid: () => new AppError(400, 'button_icon_invalid', MSG.buttonIconInvalid),
  buttons_too_many: () => conflict(MSG.buttonsTooMany, 'buttons_too_many'),
  buttons_none_enabled: () => new AppError(422, 'buttons_none_enabled', MSG.buttonsNoneEnabled),
};

const KEY_ALPHABET = 'abcdefghijklmnopqrstuvwxyz0123456789';
/** A new custom type's key: 'c_' and ten random letters or digits (shared/request-types CUSTOM_TYPE_KEY). */
const newCustomKey = (): `c_${string}` => {
  let key = '';
  for (let i = 0; i < 10; i++) key += KEY_ALPHABET[randomInt(KEY_ALPHABET.length)];
  return `c_${key}`;
};

const restaurantNotFound = () => notFound(MSG.restaurantNotFound, 'restaurant_not_found');

/** The logo's ETag (and the ?v= of its URL): a prefix of the bytes' SHA-256, so equal bytes share a cache entry. */
const logoEtag = (bytes: Uint8Array) =>
  createHash('sha256').update(bytes).digest('hex').slice(0, 16);

export class RestaurantAdminService {
  constructor(
    private readonly db: Db,
    private readonly live: LiveService,
    /** Restaurants one admin may own at once (MAX_RESTAURANTS_PER_ADMIN). */
    private readonly maxPerAdmin: number = MAX_RESTAURANTS_PER_ADMIN_DEFAULT,
  ) {}

  /** The owner's restaurants, oldest first (SPEC §6: the first is the default). */
  async list(user: SessionUser): Promise<Restaurant[]> {
    const rows = await findRestaurantsOfOwner(this.db, user.id);
    return rows.map(toApiRestaurant);
  }

  /**
   * SPEC §5: slug id with -2, -3 … on collision, decided by the database (see createRestaurant); an id is never
   * reused (docs/decisions/024), so names cannot be squatted for their ids, and an admin owns at most
   * MAX_RESTAURANTS_PER_ADMIN restaurants (issue 14), checked under a lock on the owner so concurrent creates
   * cannot pass it together.
   */
  async create(user: SessionUser, name: string, timeZone?: string): Promise<Restaurant> {
    const row = await this.db.transaction(async (tx) => {
      if ((await lockOwnerAndCountRestaurants(tx, user.id)) >= this.maxPerAdmin)
        throw conflict(MSG.restaurantLimit(this.maxPerAdmin), 'restaurant_limit', {
          values: { max: this.maxPerAdmin },
        });
      return createRestaurant(tx, user.id, name, timeZone);
    });
    return this.load(row.id);
  }

  /** Throws 404 unless this admin owns the restaurant; used before an upload is read. */
  async assertOwned(user: SessionUser, restaurantId: string): Promise<void> {
    await assertRestaurantAccess(this.db, user, restaurantId);
  }

  async update(
    user: SessionUser,
    restaurantId: string,
    body: UpdateRestaurantBody,
  ): Promise<Restaurant> {
    const patch: RestaurantPatch = {};
    if (body.name !== undefined) patch.name = body.name;
    // An empty review URL clears it (the settings form sends '' for an emptied field).
    if (body.reviewUrl !== undefined) patch.reviewUrl = body.reviewUrl || null;
    if (body.primaryColor !== undefined) patch.primaryColor = body.primaryColor;
    if (body.secondaryColor !== undefined) patch.secondaryColor = body.secondaryColor;
    if (body.escalateAfterMinutes !== undefined)
      patch.escalateAfterMinutes = body.escalateAfterMinutes;
    if (body.receiptTimeoutSeconds !== undefined)
      patch.receiptTimeoutSeconds = body.receiptTimeoutSeconds;
    if (body.pagerRepeat !== undefined) patch.pagerRepeat = body.pagerRepeat;
    if (body.showServerNames !== undefined) patch.showServerNames = body.showServerNames;
    if (body.timeZone !== undefined) patch.timeZone = body.timeZone;
    if (body.guestLanguage !== undefined) patch.guestLanguage = body.guestLanguage;
    // Decision 088: null opens all day again.
    if (body.openingHours !== undefined) patch.openingHours = canonicalHours(body.openingHours);
    if (body.pressBudgetPerMinute !== undefined)
      patch.pressBudgetPerMinute = body.pressBudgetPerMinute;
    // Decision 097: null turns a service timer off.
    if (body.orderReminderMinutes !== undefined)
      patch.orderReminderMinutes = body.orderReminderMinutes;
    if (body.visitCloseAfterBillMinutes !== undefined)
      patch.visitCloseAfterBillMinutes = body.visitCloseAfterBillMinutes;
    if (body.billReminderMinutes !== undefined)
      patch.billReminderMinutes = body.billReminderMinutes;
    await this.db.transaction(async (tx) => {
      if (!(await lockOwnedRestaurant(tx, restaurantId, user.id))) throw restaurantNotFound();
      await updateRestaurantRow(tx, restaurantId, patch, Date.now());
    });
    return this.publishUpdated(restaurantId);
  }

  /**
   * The guest's buttons (decision 087), as the owner leaves them: SPEC's types hidden, and the restaurant's own in
   * order — a button sent with its key is changed, one without is new, one not sent is deleted. A deleted button stays
   * in the list with deletedAt, so its past requests keep their name and icon; a press of it is refused from then on
   * (the press statement reads the list). Checked under the restaurant's row lock, so two owners' saves serialise.
   */
  async updateRequestTypes(
    user: SessionUser,
    restaurantId: string,
    body: UpdateRequestTypesBody,
  ): Promise<Restaurant> {
    await this.db.transaction(async (tx) => {
      const row = await lockOwnedRestaurant(tx, restaurantId, user.id);
      if (!row) throw restaurantNotFound();
      const problem = requestTypesProblem(body.hidden, body.custom, row.guestLanguage);
      if (problem) throw BUTTON_REFUSALS[problem]();
      const now = Date.now();
      const current = new Map(row.requestTypes.custom.map((c) => [c.key, c]));
      const sent = new Set<string>();
      const kept: CustomRequestType[] = body.custom.map((draft) => {
        if (draft.key !== undefined) {
          const existing = current.get(draft.key);
          if (!existing || existing.deletedAt !== null || sent.has(draft.key))
            throw notFound(MSG.buttonNotFound, 'button_not_found');
          sent.add(draft.key);
        }
        return {
          key: draft.key ?? newCustomKey(),
          labels: normalizeLabels(draft.labels),
          icon: draft.icon as CustomRequestType['icon'],
          deletedAt: null,
        };
      });
      const deleted = row.requestTypes.custom
        .filter((c) => !sent.has(c.key))
        .map((c) => (c.deletedAt === null ? { ...c, deletedAt: now } : c));
      if (kept.length + deleted.length > CUSTOM_TYPES_KEPT_MAX)
        throw conflict(MSG.buttonsExhausted, 'buttons_exhausted', {
          values: { max: CUSTOM_TYPES_KEPT_MAX },
        });
      const hidden = REQUEST_TYPES.filter((type) => body.hidden.includes(type));
      await updateRestaurantRow(
        tx,
        restaurantId,
        { requestTypes: { hidden, custom: [...kept, ...deleted] } },
        now,
      );
    });
    return this.publishUpdated(restaurantId);
  }

  /**
   * SPEC §5: deleting the last restaurant is refused. The owner's restaurants are locked first, so two concurrent
   * deletes cannot both pass the check. The row's FK cascades take its tables, requests, server accounts (with
   * their sessions) and logo in the same transaction; the deleted servers' consoles are closed at once.
   */
  async delete(user: SessionUser, restaurantId: string): Promise<void> {
    const endedServers = await this.db.transaction(async (tx) => {
      const owned = await lockRestaurantIdsOfOwner(tx, user.id);
      if (!owned.includes(restaurantId)) throw restaurantNotFound();
      if (owned.length <= 1) throw conflict(MSG.lastRestaurant, 'last_restaurant');
      const servers = await serverIdsOfRestaurants(tx, [restaurantId]);
      await deleteRestaurantRow(tx, restaurantId);
      return servers;
    });
    for (const id of endedServers) this.live.userEnded(id);
    this.live.restaurantDeleted(restaurantId);
  }

  /**
   * SPEC §5 Settings: the logo must be an image and under 2MB. The type is read from the bytes (PNG, JPEG, WebP,
   * GIF), never from the declared type or name; the sniffed type is what is stored and served.
   */
  async uploadLogo(
    user: SessionUser,
    restaurantId: string,
    bytes: Uint8Array,
  ): Promise<Restaurant> {
    if (bytes.length >= LOGO_MAX_BYTES) throw logoTooLarge();
    const contentType = sniffImageType(bytes);
    if (!contentType) throw new AppError(415, 'logo_not_image', MSG.logoNotImage);
    // Decision 026: the header's dimensions bound what a browser must decode (a 30000 × 30000 PNG fits in 2 MB).
    const size = await imageDimensions(bytes);
    if (!size) throw new AppError(415, 'logo_not_image', MSG.logoNotImage);
    if (size.width > LOGO_MAX_SIDE_PX || size.height > LOGO_MAX_SIDE_PX)
      throw new AppError(413, 'logo_too_many_pixels', MSG.logoTooManyPixels);
    await this.db.transaction(async (tx) => {
      if (!(await lockOwnedRestaurant(tx, restaurantId, user.id))) throw restaurantNotFound();
      const now = Date.now();
      await upsertLogo(tx, {
        restaurantId,
        contentType,
        bytes,
        etag: logoEtag(bytes),
        uploadedBy: user.id,
        updatedAt: now,
      });
      await updateRestaurantRow(tx, restaurantId, {}, now);
    });
    return this.publishUpdated(restaurantId);
  }

  /** SPEC §8: deleting a logo that is not there is not an error. */
  async deleteLogo(user: SessionUser, restaurantId: string): Promise<Restaurant> {
    const deleted = await this.db.transaction(async (tx) => {
      if (!(await lockOwnedRestaurant(tx, restaurantId, user.id))) throw restaurantNotFound();
      const removed = await deleteLogoRow(tx, restaurantId);
      if (removed) await updateRestaurantRow(tx, restaurantId, {}, Date.now());
      return removed;
    });
    return deleted ? this.publishUpdated(restaurantId) : this.load(restaurantId);
  }

  private async load(restaurantId: string): Promise<Restaurant> {
    const row = await findRestaurant(this.db, restaurantId);
    if (!row) throw restaurantNotFound();
    return toApiRestaurant(row);
  }

  /** Open consoles and guest pages show the change at once (issue 3: branding shows live). */
  private async publishUpdated(restaurantId: string): Promise<Restaurant> {
    const restaurant = await this.load(restaurantId);
    this.live.restaurantUpdated(restaurant);
    return restaurant;
  }
}

export const logoTooLarge = () => new AppError(413, 'logo_too_large', MSG.logoTooLarge);
