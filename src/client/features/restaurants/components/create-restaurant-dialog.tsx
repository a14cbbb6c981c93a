import { useRef, useState, type FormEvent, type RefObject } from 'react';
import { toast } from 'react-toastify';
import { RESTAURANT_NAME_MAX } from '../../../../shared/constants';
import { MSG } from '../../../../shared/messages';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { FormField, tooLongError } from '../../../components/ui/form-field';
import { clientErrorMessage } from '../../../lib/api-client';
import { useSession } from '../../auth/api/session-api';
import { useCreateRestaurant } from '../api/restaurants-api';
import { useActiveRestaurant } from './active-restaurant-provider';

/**
 * SPEC §2 /login: an admin with no restaurant is shown a Create Restaurant dialog — right after sign-in and on
 * any admin page, until they have one. It can be put off (Escape, Close); the settings page can create one too.
 */
export function CreateRestaurantGate() {
  const { user } = useSession();
  const [dismissedBy, setDismissedBy] = useState<string | null>(null);
  const needsRestaurant = user?.role === 'admin' && user.restaurantIds.length === 0;
  return (
    <CreateRestaurantDialog
      open={needsRestaurant && dismissedBy !== user.id}
      onClose={() => setDismissedBy(user?.id ?? null)}
    />
  );
}

/** Name → POST /api/restaurants → 'Restaurant created successfully', and the new restaurant becomes active. */
function CreateRestaurantDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const nameRef = useRef<HTMLInputElement>(null);
  const create = useCreateRestaurant();
  return (
    <Dialog
      open={open}
      title="Create Restaurant"
      description="Name your restaurant to start adding tables and staff. You can rename it later in Settings."
      isBusy={create.isPending}
      initialFocusRef={nameRef}
      onClose={onClose}
    >
      <CreateRestaurantForm inputRef={nameRef} create={create} />
    </Dialog>
  );
}

function CreateRestaurantForm({
  inputRef,
  create,
}: {
  inputRef: RefObject<HTMLInputElement | null>;
  create: ReturnType<typeof useCreateRestaurant>;
}) {
  const [name, setName] = useState('');
  const [error, setError] = useState<string | null>(null);
  const { setRestaurantId } = useActiveRestaurant();

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const trimmed = name.trim();
    if (!trimmed) {
      // SPEC §5: name is required.
      setError(MSG.restaurantNameRequired);
      toast.error(MSG.restaurantNameRequired);
      inputRef.current?.focus();
      return;
    }
    const tooLong = tooLongError(name, RESTAURANT_NAME_MAX);
    if (tooLong) {
      setError(tooLong);
      inputRef.current?.focus();
      return;
    }
    setError(null);
    create.mutate(trimmed, {
      // The session already lists the new id (the mutation refetched it), so choosing it sticks.
      onSuccess: ({ restaurant }) => {
        setRestaurantId(restaurant.id);
        toast.success(MSG.restaurantCreated);
      },
      onError: (err) => toast.error(clientErrorMessage(err, MSG.createRestaurantFailed)),
    });
  }

  return (
    <form noValidate onSubmit={handleSubmit} className="flex flex-col gap-5">
      <FormField
        ref={inputRef}
        label="Restaurant Name"
        name="restaurantName"
        autoComplete="organization"
        limit={RESTAURANT_NAME_MAX}
        required
        value={name}
        error={error}
        onChange={(event) => setName(event.target.value)}
      />
      <Button type="submit" size="lg" fullWidth isLoading={create.isPending}>
        Create Restaurant
      </Button>
    </form>
  );
}
