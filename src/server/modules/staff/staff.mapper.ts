import type { StaffMember } from '../../../shared/schemas';
import type { UserRow } from '../users/users.repo';

export function toStaffMember(row: UserRow): StaffMember {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    loginId: row.loginId,
    authMethod: row.authMethod,
    createdAt: row.createdAt,
  };
}
