import { useRef } from 'react';
import { appText } from '@shared/i18n/app';
import { Dialog } from '../../../components/ui/dialog';
import { useI18n } from '../../../lib/i18n';
import { useCreateRestaurant } from '../../../lib/restaurants-api';
import { useActiveRestaurant } from '../../../lib/active-restaurant-provider';
import { RestaurantNameForm } from '../../../components/restaurant-name-form';

/**
 * Name → POST /api/restaurants → 'Restaurant created successfully', and the new restaurant becomes active. Its own
 * chunk (create-restaurant-gate.tsx loads it), with the form library: no other page of the staff shell needs it.
 */
export function CreateRestaurantDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
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
