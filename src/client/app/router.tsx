import { lazy, Suspense, useEffect, useState, type ComponentType, type ReactNode } from 'react';
import { createBrowserRouter, Navigate, useParams } from 'react-router';
import { LoadingScreen } from '../components/ui/spinner';
import { preferredGuestLocale } from '../features/guest/lib/guest-locale';
import { DEFAULT_LOCALE, dirOf } from '@shared/i18n/locales';
import { applyDocumentLanguage } from '../lib/i18n';
import { GuestApp, loadGuestLanguage, type GuestLanguageData } from './guest-app';
import { paths } from '@shared/paths';
import { RequireRole, RootRedirect, SignedOutOnly } from './route-guards';

/** React.lazy for a named export (DESIGN.md: named exports only). */
function lazyNamed<M, K extends keyof M>(load: () => Promise<M>, name: K) {
  return lazy(async () => ({ default: (await load())[name] as ComponentType }));
}

/**
 * A guest URL opened by a full page load never reaches the router (main.tsx renders GuestApp, decision 016); this
 * route serves a navigation to it from inside the app. The guest page is in the entry chunk already.
 */
function GuestRoute() {
  const { restaurantId = '', tableId = '' } = useParams();
  // Issue 15: in the guest's language (decision 047), downloaded first.
  const [language, setLanguage] = useState<GuestLanguageData | null>(null);
  useEffect(() => {
    const locale = preferredGuestLocale(DEFAULT_LOCALE);
    applyDocumentLanguage(locale, dirOf(locale));
    void loadGuestLanguage(locale).then(setLanguage);
  }, []);
  if (!language) return <LoadingScreen />;
  return <GuestApp restaurantId={restaurantId} tableId={tableId} initialLanguage={language} />;
}

// Each staff route is its own chunk.
const StaffLayout = lazyNamed(() => import('./staff-layout'), 'StaffLayout');
const LoginPage = lazyNamed(() => import('../features/auth/routes/login-page'), 'LoginPage');
const RegisterPage = lazyNamed(
  () => import('../features/auth/routes/register-page'),
  'RegisterPage',
);
const VerifyEmailPage = lazyNamed(
  () => import('../features/verification/routes/verify-email-page'),
  'VerifyEmailPage',
);
const ForgotPasswordPage = lazyNamed(
  () => import('../features/auth/routes/forgot-password-page'),
  'ForgotPasswordPage',
);
const ResetPasswordPage = lazyNamed(
  () => import('../features/auth/routes/reset-password-page'),
  'ResetPasswordPage',
);
const SuperAdminPage = lazyNamed(
  () => import('../features/super-admin/routes/super-admin-page'),
  'SuperAdminPage',
);
const AdminDashboardPage = lazyNamed(
  () => import('../features/dashboard/routes/admin-dashboard-page'),
  'AdminDashboardPage',
);
const AdminTablesPage = lazyNamed(
  () => import('../features/tables/routes/admin-tables-page'),
  'AdminTablesPage',
);
const AdminTablesPrintPage = lazyNamed(
  () => import('../features/tables/routes/admin-tables-print-page'),
  'AdminTablesPrintPage',
);
const AdminStaffPage = lazyNamed(
  () => import('../features/staff/routes/admin-staff-page'),
  'AdminStaffPage',
);
const AdminSettingsPage = lazyNamed(
  () => import('../features/settings/routes/admin-settings-page'),
  'AdminSettingsPage',
);
const ServerTablesPage = lazyNamed(
  () => import('../features/tables/routes/server-tables-page'),
  'ServerTablesPage',
);
const ServerRequestsPage = lazyNamed(
  () => import('../features/requests/routes/server-requests-page'),
  'ServerRequestsPage',
);
const ServerAccountPage = lazyNamed(
  () => import('../features/account/routes/server-account-page'),
  'ServerAccountPage',
);

// Issue 13: recharts lives only in this route's chunk.
const AdminAnalyticsPage = lazyNamed(
  () => import('../features/analytics/routes/admin-analytics-page'),
  'AdminAnalyticsPage',
);

const RequestHistoryPage = lazyNamed(
  () => import('../features/requests/routes/request-history-page'),
  'RequestHistoryPage',
);

// Decision 080: the wall screen, its own chunk (the staff console never loads it), outside the staff shell.
const BoardPage = lazyNamed(() => import('../features/boards/routes/board-page'), 'BoardPage');

function withSuspense(element: ReactNode) {
  return <Suspense fallback={<LoadingScreen />}>{element}</Suspense>;
}

/** SPEC §2 routing rules. */
export const router = createBrowserRouter([
  { path: paths.tablePattern, element: <GuestRoute /> },
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
      // Public, signed in or out: the mail's link may be opened in a browser where someone is signed in.
      { path: paths.verifyEmail, element: <VerifyEmailPage /> },
      // Decision 069: public too — the mail may be opened anywhere; a reset signs every session out anyway.
      { path: paths.forgotPassword, element: <ForgotPasswordPage /> },
      { path: paths.resetPassword, element: <ResetPasswordPage /> },
      {
        element: <SignedOutOnly />,
        children: [
          { path: paths.login, element: <LoginPage /> },
          { path: paths.register, element: <RegisterPage /> },
        ],
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
]);
