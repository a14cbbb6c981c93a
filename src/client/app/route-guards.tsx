import { goToSignIn } from '../lib/sign-in-handoff';
import { useEffect } from 'react';
import { Navigate, Outlet } from 'react-router';
import type { Role } from '@shared/schemas';
import { LoadingScreen } from '../components/ui/spinner';
import { useSession } from '../lib/session-api';
import { homePathForRole, paths } from '@shared/paths';

/** SPEC §2: /login and /register are for signed-out visitors; a signed-in user is sent home by role. */
export function SignedOutOnly() {
  const { user, isPending } = useSession();
  if (isPending) return <LoadingScreen />;
  if (user !== null) return <Navigate to={homePathForRole(user.role)} replace />;
  return <Outlet />;
}

/** SPEC §2: a protected route sends a signed-out user to /login and a user of another role to /. */
export function RequireRole({ roles }: { roles: readonly Role[] }) {
  const { user, isPending } = useSession();
  if (isPending) return <LoadingScreen />;
  if (user === null) return <ToSignIn />;
  if (!roles.includes(user.role)) return <Navigate to={paths.root} replace />;
  return <Outlet />;
}

/** SPEC §2: '/' sends a signed-out user to /login and everyone else to their home screen. */
export function RootRedirect() {
  const { user, isPending } = useSession();
  if (isPending) return <LoadingScreen />;
  if (user === null) return <ToSignIn />;
  return <Navigate to={homePathForRole(user.role)} replace />;
}

/**
 * Decision 103: /login is its own page, without the staff app (drawn by the server, light to load); the app reaches
 * it (a sign-out, a protected screen signed out) by loading it, which also leaves nothing of the last user in memory.
 */
export function ToSignIn() {
  useEffect(() => goToSignIn(), []);
  return <LoadingScreen />;
}
