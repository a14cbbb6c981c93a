import { lazy, Suspense, useState } from 'react';
import { useLocation } from 'react-router';
import { useSession } from '../../../lib/session-api';

// Issue 25, decision 099: the dialog and its form (react-hook-form, zod's resolver) are downloaded only when an admin
// without a restaurant needs them, not with every page of the staff shell.
const CreateRestaurantDialog = lazy(async () => ({
  default: (await import('./create-restaurant-dialog')).CreateRestaurantDialog,
}));

/**
 * SPEC §2 /login: an admin with no restaurant is shown a Create Restaurant dialog — right after sign-in and on
 * any admin page, until they have one. It can be put off (Escape, Close); the settings page can create one too.
 */
export function CreateRestaurantGate() {
  const { user } = useSession();
  const { pathname } = useLocation();
  const [dismissedBy, setDismissedBy] = useState<string | null>(null);
  // Admin pages only: not over a page of its own such as /reset-password or /verify-email.
  const onAdminPage = pathname === '/admin' || pathname.startsWith('/admin/');
  const needsRestaurant = onAdminPage && user?.role === 'admin' && user.restaurantIds.length === 0;
  // Once needed, kept mounted (as before the split), so the dialog closes as a dialog does.
  const [needed, setNeeded] = useState(false);
  if (needsRestaurant && !needed) setNeeded(true);
  if (!needed) return null;
  return (
    <Suspense fallback={null}>
      <CreateRestaurantDialog
        open={needsRestaurant && dismissedBy !== user?.id}
        onClose={() => setDismissedBy(user?.id ?? null)}
      />
    </Suspense>
  );
}
