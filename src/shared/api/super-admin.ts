/** The platform operator's console (issue 4). */
import {
  superAdminStatsSchema,
  superAdminUsersQuerySchema,
  superAdminUsersResponseSchema,
} from '../schemas';
import { SUPER_ADMIN } from './access';
import { endpoint } from './endpoint';
import { noContent, userParams } from './params';

export const getSuperAdminStats = endpoint('getSuperAdminStats', {
  tag: 'super-admin',
  summary: 'Counts of users, restaurants and served tables',
  access: SUPER_ADMIN,
  responses: { 200: superAdminStatsSchema },
  errors: [],
});

export const listSuperAdminUsers = endpoint('listSuperAdminUsers', {
  tag: 'super-admin',
  summary: 'Every user, newest first, a page at a time, optionally searched',
  access: SUPER_ADMIN,
  query: superAdminUsersQuerySchema,
  responses: { 200: superAdminUsersResponseSchema },
  errors: ['invalid_cursor'],
});

export const deleteSuperAdminUser = endpoint('deleteSuperAdminUser', {
  tag: 'super-admin',
  summary: 'Delete a user (never oneself)',
  access: SUPER_ADMIN,
  params: userParams,
  responses: { 204: noContent },
  errors: ['user_not_found', 'cannot_delete_self'],
});
