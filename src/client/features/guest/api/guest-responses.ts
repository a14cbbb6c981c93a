/**
 * The guest page's three responses, checked without zod (decision 016): zod's classic API cannot be tree-shaken and
 * alone would be a quarter of the guest page's 90 KB budget. The types still come from the shared schemas
 * (z.infer); guest-responses.test.ts checks that these guards accept and refuse what the schemas do.
 */
import type {
  GuestCooldownResponse,
  GuestRequestResponse,
  GuestRequestState,
  GuestRequestStateResponse,
  GuestTableResponse,
  UsualWaits,
  PublicLiveEvent,
  PublicRestaurant,
} from '@shared/schemas';
import { REQUEST_TYPES } from '@shared/rules';
import { CUSTOM_TYPE_KEY } from '@shared/request-types';
import { isLocale } from '@shared/i18n/locales';
import type { ResponseParser } from '../../../lib/api-client';

type Fields = Record<string, unknown>;

const isObject = (value: unknown): value is Fields => typeof value === 'object' && value !== null;
const isString = (value: unknown): value is string => typeof value === 'string';
const isNumber = (value: unknown): value is number =>
  typeof value === 'number' && Number.isFinite(value);
const isBoolean = (value: unknown): value is boolean => typeof value === 'boolean';
const isStringOrNull = (value: unknown): value is string | null =>
  value === null || isString(value);

/** One of the restaurant's own buttons (decision 087). */
const isCustomType = (value: unknown) =>
  isObject(value) &&
  isString(value.key) &&
  CUSTOM_TYPE_KEY.test(value.key) &&
  isObject(value.labels) &&
  Object.values(value.labels).every(isString) &&
  isString(value.icon) &&
  (value.deletedAt === null || isNumber(value.deletedAt));

/**
 * The restaurant's buttons (decision 087). An answer without them (an older server's, or a page the phone cached
 * before) means SPEC's four: they are filled in, so such a page still draws its buttons.
 */
function hasButtons(value: Fields): boolean {
  if (value.requestTypes === undefined) value.requestTypes = { hidden: [], custom: [] };
  if (value.guestLanguage === undefined) value.guestLanguage = 'en';
  const buttons = value.requestTypes;
  return (
    isLocale(value.guestLanguage) &&
    isObject(buttons) &&
    Array.isArray(buttons.hidden) &&
    buttons.hidden.every(isRequestType) &&
    Array.isArray(buttons.custom) &&
    buttons.custom.every(isCustomType)
  );
}

function isPublicRestaurant(value: unknown): value is PublicRestaurant {
  return (
    isObject(value) &&
    hasButtons(value) &&
    isString(value.id) &&
    isString(value.name) &&
    isStringOrNull(value.logoUrl) &&
    isString(value.primaryColor) &&
    isString(value.secondaryColor) &&
    isStringOrNull(value.reviewUrl)
  );
}

const STATUSES: readonly unknown[] = [
  'pending',
  'acknowledged',
  'completed',
  'dismissed',
  'cancelled',
];
/** SPEC's four, or a restaurant's own type's key (decision 087). */
const isRequestType = (value: unknown) =>
  (REQUEST_TYPES as readonly unknown[]).includes(value) ||
  (isString(value) && CUSTOM_TYPE_KEY.test(value));

/** One of the table's requests as its guest page may know it (decision 029). */
function isGuestRequestState(value: unknown): value is GuestRequestState {
  return (
    isObject(value) &&
    isString(value.id) &&
    isRequestType(value.type) &&
    STATUSES.includes(value.status) &&
    isNumber(value.createdAt) &&
    (value.acknowledgedAt === null || isNumber(value.acknowledgedAt)) &&
    isStringOrNull(value.takenBy) &&
    isStringOrNull(value.note) &&
    typeof value.urgent === 'boolean' &&
    (value.billMethod === null || value.billMethod === 'card' || value.billMethod === 'cash')
  );
}

/** The honest wait (decision 071): whole minutes per request type, each type optional. */
function isUsualWaits(value: unknown): value is UsualWaits {
  return (
    isObject(value) &&
    !Array.isArray(value) &&
    Object.entries(value).every(
      ([type, minutes]) =>
        isRequestType(type) && Number.isInteger(minutes) && (minutes as number) > 0,
    )
  );
}

function isGuestTable(value: unknown): value is GuestTableResponse {
  return (
    isObject(value) &&
    isPublicRestaurant(value.restaurant) &&
    isObject(value.table) &&
    isString(value.table.id) &&
    isString(value.table.number) &&
    isNumber(value.cooldownRemainingSeconds) &&
    isOpenRequests(value.openRequests) &&
    isUsualWaits(value.usualWaits) &&
    isBoolean(value.closedNow)
  );
}

const isOpenRequests = (value: unknown) => Array.isArray(value) && value.every(isGuestRequestState);

function isCooldown(value: unknown): value is GuestCooldownResponse {
  return (
    isObject(value) &&
    isNumber(value.cooldownRemainingSeconds) &&
    isOpenRequests(value.openRequests) &&
    isUsualWaits(value.usualWaits) &&
    isBoolean(value.closedNow)
  );
}

function isGuestRequest(value: unknown): value is GuestRequestResponse {
  return (
    isObject(value) &&
    isObject(value.request) &&
    isString(value.request.id) &&
    isRequestType(value.request.type) &&
    isNumber(value.request.createdAt) &&
    isNumber(value.cooldownRemainingSeconds)
  );
}

function parserOf<T>(guard: (value: unknown) => value is T): ResponseParser<T> {
  return {
    safeParse: (data) => (guard(data) ? { success: true, data } : { success: false }),
  };
}

export const guestTableResponse = parserOf(isGuestTable);
export const guestCooldownResponse = parserOf(isCooldown);
export const guestRequestResponse = parserOf(isGuestRequest);
/** A guest's change to its own request (cancel, bill method; decision 071) answers with the request's new state. */
export const guestRequestStateResponse = parserOf(
  (value: unknown): value is GuestRequestStateResponse =>
    isObject(value) && isGuestRequestState(value.request),
);

/** A frame of the guest page's public live channel (decision 015), checked like the responses above. */
export function parsePublicLiveEvent(data: unknown): PublicLiveEvent | null {
  if (typeof data !== 'string') return null;
  let value: unknown;
  try {
    value = JSON.parse(data);
  } catch {
    return null;
  }
  if (!isObject(value)) return null;
  if (value.type === 'table.request')
    return isGuestRequestState(value.request)
      ? { type: 'table.request', request: value.request }
      : null;
  if (value.type !== 'restaurant.updated') return null;
  return isPublicRestaurant(value.restaurant)
    ? { type: 'restaurant.updated', restaurant: value.restaurant }
    : null;
}
