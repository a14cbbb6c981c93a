/** An owner's restaurants: list, create, settings, delete, logo; the dashboard and analytics. */
import { analyticsQuerySchema, analyticsResponseSchema } from '../analytics';
import {
  createRestaurantBodySchema,
  dashboardResponseSchema,
  restaurantResponseSchema,
  restaurantsOverviewResponseSchema,
  restaurantsResponseSchema,
  updateRequestTypesBodySchema,
  updateRestaurantBodySchema,
} from '../schemas';
import { ADMIN, STAFF } from './access';
import { endpoint } from './endpoint';
import { LOGO_FIELD } from './logo';
import { noContent, restaurantParams } from './params';

export const listRestaurants = endpoint('listRestaurants', {
  tag: 'restaurants',
  summary: 'The owner’s restaurants, oldest first',
  access: ADMIN,
  responses: { 200: restaurantsResponseSchema },
  errors: [],
});

export const createRestaurant = endpoint('createRestaurant', {
  tag: 'restaurants',
  summary: 'Create a restaurant',
  access: ADMIN,
  body: createRestaurantBodySchema,
  responses: { 201: restaurantResponseSchema },
  errors: ['name_required', 'restaurant_limit', 'slug_exhausted'],
});

export const getRestaurant = endpoint('getRestaurant', {
  tag: 'restaurants',
  summary: 'One restaurant (a server sees it without its owner)',
  access: STAFF,
  params: restaurantParams,
  responses: { 200: restaurantResponseSchema },
  errors: ['restaurant_not_found'],
});

export const updateRestaurant = endpoint('updateRestaurant', {
  tag: 'restaurants',
  summary: 'Change a restaurant’s settings (only the fields sent)',
  access: ADMIN,
  params: restaurantParams,
  body: updateRestaurantBodySchema,
  responses: { 200: restaurantResponseSchema },
  errors: ['restaurant_not_found'],
});

export const updateRequestTypes = endpoint('updateRequestTypes', {
  tag: 'restaurants',
  summary:
    'Set the guest’s buttons: hide SPEC’s types, add, change, reorder or delete up to 8 of the restaurant’s own',
  access: ADMIN,
  params: restaurantParams,
  body: updateRequestTypesBodySchema,
  responses: { 200: restaurantResponseSchema },
  errors: [
    'restaurant_not_found',
    'button_label_required',
    'button_label_too_long',
    'button_label_invalid',
    'button_icon_invalid',
    'buttons_too_many',
    'buttons_none_enabled',
    'buttons_exhausted',
    'button_not_found',
  ],
});

export const deleteRestaurant = endpoint('deleteRestaurant', {
  tag: 'restaurants',
  summary: 'Delete a restaurant with its tables, staff and calls (not the owner’s last one)',
  access: ADMIN,
  params: restaurantParams,
  responses: { 204: noContent },
  errors: ['restaurant_not_found', 'last_restaurant'],
});

export const uploadRestaurantLogo = endpoint('uploadRestaurantLogo', {
  tag: 'restaurants',
  summary: 'Upload the restaurant’s logo (PNG, JPEG, GIF or WebP, at most 2 MB)',
  access: ADMIN,
  params: restaurantParams,
  multipart: { field: LOGO_FIELD, description: 'The logo image: the form’s only part' },
  responses: { 200: restaurantResponseSchema },
  errors: [
    'restaurant_not_found',
    'multipart_required',
    'invalid_upload',
    'logo_missing',
    'logo_not_image',
    'logo_too_large',
    'logo_too_many_pixels',
  ],
});

export const deleteRestaurantLogo = endpoint('deleteRestaurantLogo', {
  tag: 'restaurants',
  summary: 'Remove the restaurant’s logo',
  access: ADMIN,
  params: restaurantParams,
  responses: { 200: restaurantResponseSchema },
  errors: ['restaurant_not_found'],
});

export const getDashboard = endpoint('getDashboard', {
  tag: 'dashboard',
  summary: 'Today at the restaurant (its own time zone): figures, recent activity, servers',
  access: ADMIN,
  tokenScope: 'read',
  params: restaurantParams,
  responses: { 200: dashboardResponseSchema },
  errors: ['restaurant_not_found'],
});

export const getRestaurantsOverview = endpoint('getRestaurantsOverview', {
  tag: 'dashboard',
  summary:
    'Every restaurant of the owner at a glance: waiting now, longest wait, servers online, requests today',
  access: ADMIN,
  responses: { 200: restaurantsOverviewResponseSchema },
  errors: [],
});

export const getAnalytics = endpoint('getAnalytics', {
  tag: 'dashboard',
  summary: 'A day, week or month of calls by hour, server, type and table',
  access: ADMIN,
  tokenScope: 'read',
  params: restaurantParams,
  query: analyticsQuerySchema,
  responses: { 200: analyticsResponseSchema },
  errors: ['restaurant_not_found'],
});
