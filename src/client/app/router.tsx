import { lazy, Suspense, type ComponentType, type ReactNode } from 'react';
import { Navigate, useRoutes, type RouteObject } from 'react-router';
import { LoadingScreen } from '../components/ui/spinner';
import { paths } from '@shared/paths';
import { routeModules } from './route-modules';
import { RequireRole, RootRedirect, SignedOutOnly, ToSignIn } from './route-guards';

/** React.lazy for a named export (DESIGN.md: named exports only). */
function lazyNamed<M, K extends keyof M>(load: () => Promise<M>, name: K) {
  return lazy(async () => ({ default: (await load())[name] as ComponentType }));
}

// Each staff route is its own chunk (route-modules.ts); so is the guest page reached from inside the app.
const GuestRoute = lazyNamed(routeModules.guest, 'GuestRoute');
const StaffLayout = lazyNamed(routeModules.staffLayout, 'StaffLayout');
const RegisterPage = lazyNamed(routeModules.register, 'RegisterPage');
const VerifyEmailPage = lazyNamed(routeModules.verifyEmail, 'VerifyEmailPage');
const ForgotPasswordPage = lazyNamed(routeModules.forgotPassword, 'ForgotPasswordPage');
const ResetPasswordPage = lazyNamed(routeModules.resetPassword, 'ResetPasswordPage');
const SuperAdminPage = lazyNamed(routeModules.superAdmin, 'SuperAdminPage');
const AdminDashboardPage = lazyNamed(routeModules.adminDashboard, 'AdminDashboardPage');
const AdminTablesPage = lazyNamed(routeModules.adminTables, 'AdminTablesPage');
const AdminTablesPrintPage = lazyNamed(routeModules.adminTablesPrint, 'AdminTablesPrintPage');
const AdminStaffPage = lazyNamed(routeModules.adminStaff, 'AdminStaffPage');
const AdminSettingsPage = lazyNamed(routeModules.adminSettings, 'AdminSettingsPage');
const ServerTablesPage = lazyNamed(routeModules.serverTables, 'ServerTablesPage');
const ServerRequestsPage = lazyNamed(routeModules.serverRequests, 'ServerRequestsPage');
const ServerAccountPage = lazyNamed(routeModules.serverAccount, 'ServerAccountPage');
const AdminAnalyticsPage = lazyNamed(routeModules.adminAnalytics, 'AdminAnalyticsPage');
const RequestHistoryPage = lazyNamed(routeModules.history, 'RequestHistoryPage');
const BoardPage = lazyNamed(routeModules.board, 'BoardPage');

function withSuspense(element: ReactNode) {
  return <Suspense fallback={<LoadingScreen />}>{element}</Suspense>;
}

/**
 * SPEC §2 routing rules. Declarative routes (`useRoutes` under a `<BrowserRouter>`, app.tsx), not a data router: the
 * app uses no loader, action or fetcher, and the data router's code (about a third of react-router) stayed in every
 * staff page's first load (issue 25, decision 099). Navigations are still transitions (BrowserRouter's default), so
 * a lazy route keeps the current screen until its chunk has arrived.
 */
const routes: RouteObject[] = [
  { path: paths.tablePattern, element: withSuspense(<GuestRoute />) },
  { path: paths.board, element: withSuspense(<BoardPage />) },
  {
    // Outside the staff shell: only the codes reach the paper.
    element: <RequireRole roles={['admin']} />,
    children: [{ path: paths.adminTablesPrint, element: withSuspense(<AdminTablesPrintPage />) }],
  },
  {
    element: withSuspense(<StaffLayout />),
    children: [
      { path: paths.root, element: <RootRedirect /> },
      // Decision 103: the sign-in page is a start of its own (drawn by the server); the app goes there by loading it.
      { path: paths.login, element: <ToSignIn /> },
      // Public, signed in or out: the mail's link may be opened in a browser where someone is signed in.
      { path: paths.verifyEmail, element: <VerifyEmailPage /> },
      // Decision 069: public too — the mail may be opened anywhere; a reset signs every session out anyway.
      { path: paths.forgotPassword, element: <ForgotPasswordPage /> },
      { path: paths.resetPassword, element: <ResetPasswordPage /> },
      {
        element: <SignedOutOnly />,
        children: [{ path: paths.register, element: <RegisterPage /> }],
      },
      {
        element: <RequireRole roles={['super_admin']} />,
        children: [{ path: paths.superAdmin, element: <SuperAdminPage /> }],
      },
      {
        element: <RequireRole roles={['admin']} />,
        children: [
          { path: paths.adminDashboard, element: <AdminDashboardPage /> },
          { path: paths.adminTables, element: <AdminTablesPage /> },
          { path: paths.adminStaff, element: <AdminStaffPage /> },
          { path: paths.adminSettings, element: <AdminSettingsPage /> },
          { path: paths.adminHistory, element: <RequestHistoryPage /> },
          { path: paths.adminAnalytics, element: <AdminAnalyticsPage /> },
        ],
      },
      {
        element: <RequireRole roles={['server']} />,
        children: [
          { path: paths.serverTables, element: <ServerTablesPage /> },
          { path: paths.serverRequests, element: <ServerRequestsPage /> },
          { path: paths.serverAccount, element: <ServerAccountPage /> },
          { path: paths.serverHistory, element: <RequestHistoryPage /> },
        ],
      },
      { path: '*', element: <Navigate to={paths.root} replace /> },
    ],
  },
];

export function AppRoutes() {
  return useRoutes(routes);
}
