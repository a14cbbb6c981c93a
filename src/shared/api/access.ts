/**
 * Who may call an endpoint, as data (issue 24): every entry of the endpoint table names its rule, and the server
 * enforces it before any handler runs (src/server/http/access.ts). Tenant checks (which restaurant) are the
 * services' own.
 */
import type { Role } from '../schemas';

export type AccessRule =
  | { readonly public: true }
  | { readonly roles: readonly Role[] }
  /** A paired floor board's own credential (decision 080), never a user's session: the board's routes only. */
  | { readonly board: true };

export const PUBLIC: AccessRule = { public: true };
export const BOARD: AccessRule = { board: true };
export const roles = (...r: Role[]): AccessRule => ({ roles: r });
export const STAFF = roles('server', 'admin');
export const ANY_USER = roles('server', 'admin', 'super_admin');
export const ADMIN = roles('admin');
export const SERVER = roles('server');
export const SUPER_ADMIN = roles('super_admin');
