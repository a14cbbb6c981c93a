/** A restaurant's staff accounts. */
import {
  createStaffBodySchema,
  loginIdCheckResponseSchema,
  staffMemberResponseSchema,
  staffResponseSchema,
} from '../schemas';
import { ADMIN } from './access';
import { endpoint } from './endpoint';
import { loginIdParams, noContent, restaurantParams, userParams } from './params';

export const listStaff = endpoint('listStaff', {
  tag: 'staff',
  summary: 'The restaurant’s servers',
  access: ADMIN,
  params: restaurantParams,
  responses: { 200: staffResponseSchema },
  errors: ['restaurant_not_found'],
});

export const createStaff = endpoint('createStaff', {
  tag: 'staff',
  summary: 'Add a server who signs in with a login ID and PIN, or with email and password',
  access: ADMIN,
  params: restaurantParams,
  body: createStaffBodySchema,
  responses: { 201: staffMemberResponseSchema },
  errors: [
    'restaurant_not_found',
    'name_required',
    'invalid_email',
    'email_in_use',
    'invalid_password',
    'invalid_login_id',
    'invalid_pin_format',
    'login_id_taken',
  ],
});

export const deleteStaff = endpoint('deleteStaff', {
  tag: 'staff',
  summary: 'Delete a server’s account',
  access: ADMIN,
  params: userParams,
  responses: { 204: noContent },
  errors: ['staff_not_found'],
});

export const getLoginIdAvailability = endpoint('getLoginIdAvailability', {
  tag: 'staff',
  summary: 'Whether a login ID is free, with suggestions when it is not',
  access: ADMIN,
  params: loginIdParams,
  responses: { 200: loginIdCheckResponseSchema },
  errors: ['invalid_login_id', 'rate_limited'],
});
