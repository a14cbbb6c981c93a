import { isLocale } from '@shared/i18n/locales';
import type { StaffMember } from '@shared/schemas';
import type { UserRow } from '../users/users.repo';

/** A staff member; a new one has no tables and has never signed in. */
export function toStaffMember(
  row: UserRow,
  stats: { tablesAssigned: number; lastSignInAt: number | null } = {
    tablesAssigned: 0,
    lastSignInAt: null,
  },
): StaffMember {
  return {
    id: row.id,
    name: row.name,
    // A claimed email (decision 058) is shown as the member's email: the admin typed it.
    email: row.email ?? row.claimedEmail,
    loginId: row.loginId,
    authMethod: row.authMethod,
    createdAt: row.createdAt,
    tablesAssigned: stats.tablesAssigned,
    lastSignInAt: stats.lastSignInAt,
    language: isLocale(row.language) ? row.language : null,
    deactivatedAt: row.deactivatedAt,
  };
}
