/** A restaurant's staff accounts. */
import {
  createStaffBodySchema,
  loginIdCheckResponseSchema,
  resetMailResponseSchema,
  resetStaffPinBodySchema,
  staffMemberResponseSchema,
  staffResponseSchema,
  updateStaffBodySchema,
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

// Staff managed in place (issue 26, decision 068).

export const updateStaff = endpoint('updateStaff', {
  tag: 'staff',
  summary: 'Edit a staff member in place: name, login ID (PIN staff) and language',
  access: ADMIN,
  params: userParams,
  body: updateStaffBodySchema,
  responses: { 200: staffMemberResponseSchema },
  errors: [
    'staff_not_found',
    'name_required',
    'invalid_login_id',
    'login_id_taken',
    'not_pin_account',
  ],
});

export const resetStaffPin = endpoint('resetStaffPin', {
  tag: 'staff',
  summary: 'Set a PIN staff member’s new PIN; every session of theirs ends',
  access: ADMIN,
  params: userParams,
  body: resetStaffPinBodySchema,
  responses: { 204: noContent },
  errors: ['staff_not_found', 'invalid_pin_format', 'not_pin_account'],
});

export const sendStaffPasswordReset = endpoint('sendStaffPasswordReset', {
  tag: 'staff',
  summary: 'Mail a password staff member a link to choose a new password (decision 069)',
  access: ADMIN,
  params: userParams,
  responses: { 202: resetMailResponseSchema },
  errors: ['staff_not_found', 'not_password_account', 'staff_deactivated', 'reset_mail_limit'],
});

export const deactivateStaff = endpoint('deactivateStaff', {
  tag: 'staff',
  summary: 'Deactivate a staff member: history kept, tables released, signed out, sign-in refused',
  access: ADMIN,
  params: userParams,
  responses: { 200: staffMemberResponseSchema },
  errors: ['staff_not_found'],
});

export const reactivateStaff = endpoint('reactivateStaff', {
  tag: 'staff',
  summary: 'Reactivate a deactivated staff member',
  access: ADMIN,
  params: userParams,
  responses: { 200: staffMemberResponseSchema },
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
