/**
 * The staff app's route chunks, one loader each (issue 25, decision 099). The router (router.tsx) renders them
 * lazily; staff-main.tsx starts the current URL's chunks at once, beside the app's own, instead of after the app has
 * loaded, asked for the session and drawn the shell — the page arrives one to three round trips sooner on a phone.
 */
import { paths } from '@shared/paths';

export const routeModules = {
  staffLayout: () => import('./staff-layout'),
  register: () => import('../features/auth/routes/register-page'),
  verifyEmail: () => import('../features/verification/routes/verify-email-page'),
  forgotPassword: () => import('../features/auth/routes/forgot-password-page'),
  resetPassword: () => import('../features/auth/routes/reset-password-page'),
  superAdmin: () => import('../features/super-admin/routes/super-admin-page'),
  adminDashboard: () => import('../features/dashboard/routes/admin-dashboard-page'),
  adminTables: () => import('../features/tables/routes/admin-tables-page'),
  adminTablesPrint: () => import('../features/tables/routes/admin-tables-print-page'),
  adminStaff: () => import('../features/staff/routes/admin-staff-page'),
  adminSettings: () => import('../features/settings/routes/admin-settings-page'),
  // Issue 13: recharts lives only in this route's chunk.
  adminAnalytics: () => import('../features/analytics/routes/admin-analytics-page'),
  serverTables: () => import('../features/tables/routes/server-tables-page'),
  serverRequests: () => import('../features/requests/routes/server-requests-page'),
  serverAccount: () => import('../features/account/routes/server-account-page'),
  history: () => import('../features/requests/routes/request-history-page'),
  // Decision 080: the wall screen, its own chunk (the staff console never loads it), outside the staff shell.
  board: () => import('../features/boards/routes/board-page'),
  guest: () => import('./guest-route'),
};

/** The page chunk of each path the staff shell draws (the rest, '/' included, wait for the router). */
const byPath: Partial<Record<string, () => Promise<unknown>>> = {
  [paths.register]: routeModules.register,
  [paths.verifyEmail]: routeModules.verifyEmail,
  [paths.forgotPassword]: routeModules.forgotPassword,
  [paths.resetPassword]: routeModules.resetPassword,
  [paths.superAdmin]: routeModules.superAdmin,
  [paths.adminDashboard]: routeModules.adminDashboard,
  [paths.adminTables]: routeModules.adminTables,
  [paths.adminStaff]: routeModules.adminStaff,
  [paths.adminSettings]: routeModules.adminSettings,
  [paths.adminHistory]: routeModules.history,
  [paths.adminAnalytics]: routeModules.adminAnalytics,
  [paths.serverTables]: routeModules.serverTables,
  [paths.serverRequests]: routeModules.serverRequests,
  [paths.serverAccount]: routeModules.serverAccount,
  [paths.serverHistory]: routeModules.history,
};

/**
 * Starts downloading the chunks `pathname` will draw (the shell and its page); a failure is left to the router, which
 * asks again when it renders the route. A signed-out visitor to a console URL is sent to the sign-in page, so that
 * page's chunk was fetched for nothing: a few KB, against a round trip saved for everyone else. The sign-in page
 * itself is not the staff app's (decision 103).
 */
export function preloadRoute(pathname: string): void {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '').toLowerCase() : pathname;
  const page = byPath[path];
  if (path === paths.board) void routeModules.board().catch(() => undefined);
  if (path === paths.adminTablesPrint) void routeModules.adminTablesPrint().catch(() => undefined);
  if (!page) return;
  void routeModules.staffLayout().catch(() => undefined);
  void page().catch(() => undefined);
}
