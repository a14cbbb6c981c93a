/**
 * Hand checks of what the staff app reads (no zod in its first load, decisions 103 and 104): the user the session
 * answers (the sign-in page), the user kept on this device for an offline start (session-api.ts, where a value from
 * storage may be old or edited), the live channel's frames (live-events.ts).
 */
import type { Role, User } from '@shared/schemas';

const ROLES: readonly unknown[] = ['super_admin', 'admin', 'server'] satisfies Role[];

export const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null;

export function isUser(value: unknown): value is User {
  return (
    isObject(value) &&
    typeof value.id === 'string' &&
    typeof value.name === 'string' &&
    ROLES.includes(value.role) &&
    (value.language === null || typeof value.language === 'string')
  );
}
