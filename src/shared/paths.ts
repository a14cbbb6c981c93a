/** Every route path of SPEC §2 in one place (DESIGN.md "route paths in one place"). */
import type { Role } from './schemas';

export const paths = {
  root: '/',
  login: '/login',
  register: '/register',
  /** The link in the verification mail (issue 4); the server builds it as PUBLIC_URL + this + ?token=… */
  verifyEmail: '/verify-email',
  /** "Forgot password" on the sign-in page (issue 26, decision 069): asks for the mail. */
  forgotPassword: '/forgot-password',
  /** The link in the password-reset mail; the server builds it as PUBLIC_URL + this + ?token=… */
  resetPassword: '/reset-password',
  /** The guest page; the server builds the same URL into each table's QR code (SPEC §9). */
  table: (restaurantId: string, tableId: string) =>
    `/table/${encodeURIComponent(restaurantId)}/${encodeURIComponent(tableId)}`,
  tablePattern: '/table/:restaurantId/:tableId',
  superAdmin: '/super-admin',
  adminDashboard: '/admin/dashboard',
  adminTables: '/admin/tables',
  /** Every table's QR code on one printable page (issue 3). */
  adminTablesPrint: '/admin/tables/print',
  adminStaff: '/admin/staff',
  adminSettings: '/admin/settings',
  /** Today's handled requests (issue 12), for admins and servers. */
  adminHistory: '/admin/history',
  /** Requests and response times by hour, server, type and table (issue 13). */
  adminAnalytics: '/admin/analytics',
  serverTables: '/server/tables',
  serverRequests: '/server/requests',
  /** The server's account page: account deletion, off the working screens (issue 12). */
  serverAccount: '/server/account',
  serverHistory: '/server/history',
  /** A wall screen at the waiter station (issue 28 item 4, decision 080): paired with a code, no account. */
  board: '/board',
} as const;

/** The two ids of a guest page URL. */
export interface TableRef {
  restaurantId: string;
  tableId: string;
}

const TABLE_PATH = /^\/table\/([^/]+)\/([^/]+)\/?$/i;

function decodeSegment(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

/**
 * The ids when `pathname` is a guest page (paths.tablePattern, matched as React Router matches it: any case, an
 * optional trailing slash, decoded segments); null otherwise. main.tsx uses it to render the guest page without
 * loading the router.
 */
/** The sign-in page (decision 103: drawn by the server, a start of its own in the browser), with or without '/'. */
export const isSignInPath = (pathname: string): boolean => /^\/login\/?$/.test(pathname);

export function matchTablePath(pathname: string): TableRef | null {
  const match = TABLE_PATH.exec(pathname);
  if (!match) return null;
  return { restaurantId: decodeSegment(match[1]!), tableId: decodeSegment(match[2]!) };
}

/**
 * SPEC §2: where a signed-in user belongs — super_admin to /super-admin, admin to /admin/dashboard, anyone else
 * to /server/tables. The same mapping serves the '/' redirect, the signed-out-only pages and email login.
 */
export function homePathForRole(role: Role): string {
  switch (role) {
    case 'super_admin':
      return paths.superAdmin;
    case 'admin':
      return paths.adminDashboard;
    case 'server':
      return paths.serverTables;
  }
}
