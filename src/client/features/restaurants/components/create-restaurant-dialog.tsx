import { useRef, useState } from 'react';
import { useLocation } from 'react-router';
import { appText } from '@shared/i18n/app';
import { Dialog } from '../../../components/ui/dialog';
import { useI18n } from '../../../lib/i18n';
import { useSession } from '../../../lib/session-api';
import { useCreateRestaurant } from '../../../lib/restaurants-api';
import { useActiveRestaurant } from '../../../lib/active-restaurant-provider';
import { RestaurantNameForm } from '../../../components/restaurant-name-form';

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
  return (
    <CreateRestaurantDialog
      open={needsRestaurant && dismissedBy !== user?.id}
      onClose={() => setDismissedBy(user?.id ?? null)}
    />
  );
}

/** Name → POST /api/restaurants → 'Restaurant created successfully', and the new restaurant becomes active. */
function CreateRestaurantDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const i18n = useI18n();
  const nameRef = useRef<HTMLInputElement>(null);
  const create = useCreateRestaurant();
  const { setRestaurantId } = useActiveRestaurant();
  return (
    <Dialog
      open={open}
      title={appText(i18n, 'app.admin.restaurants.create')}
      description={appText(i18n, 'app.admin.restaurants.createText')}
      isBusy={create.isPending}
      initialFocusRef={nameRef}
      onClose={onClose}
    >
      <RestaurantNameForm
        create={create}
        label={appText(i18n, 'app.admin.restaurants.name')}
        submitLabel={appText(i18n, 'app.admin.restaurants.create')}
        layout="stacked"
        inputRef={nameRef}
        // The session already lists the new id (the mutation refetched it), so choosing it sticks.
        onCreated={(restaurant) => setRestaurantId(restaurant.id)}
      />
    </Dialog>
  );
}
