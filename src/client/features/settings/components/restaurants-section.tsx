import { useId, useState } from 'react';
import { toast } from 'react-toastify';
import { MSG } from '../../../../shared/messages';
import type { Restaurant } from '../../../../shared/schemas';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { LoadError } from '../../../components/ui/empty-state';
import { inputClass } from '../../../components/ui/form-field';
import { Skeleton } from '../../../components/ui/skeleton';
import { ApiRequestError, clientErrorMessage } from '../../../lib/api-client';
import { restaurantLabels } from '../../../lib/restaurant-labels';
import { useErrorToast } from '../../../lib/use-error-toast';
import {
  useCreateRestaurant,
  useDeleteRestaurant,
  useOwnedRestaurants,
} from '../../../lib/restaurants-api';
import { useActiveRestaurant } from '../../../lib/active-restaurant-provider';
import { RestaurantNameForm } from '../../../components/restaurant-name-form';

// Not quoted by SPEC (§8 quotes only the last-restaurant refusal for this action).
const RESTAURANT_DELETED = 'Restaurant deleted successfully';
const DELETE_RESTAURANT_FAILED = 'Failed to delete restaurant';

/** SPEC §2 /admin/settings: pick the active restaurant; add or delete restaurants (confirm dialog). */
export function RestaurantsSection() {
  const restaurants = useOwnedRestaurants();
  const { restaurantId, setRestaurantId } = useActiveRestaurant();
  const deleteRestaurant = useDeleteRestaurant();
  const [toDelete, setToDelete] = useState<Restaurant | null>(null);
  const selectId = useId();
  const lastHintId = useId();
  useErrorToast(restaurants.isError, MSG.loadRestaurantsFailed);

  const list = restaurants.data ?? [];
  const active = list.find((restaurant) => restaurant.id === restaurantId) ?? null;
  const isLast = list.length === 1;
  const labels = restaurantLabels(list);

  function confirmDelete() {
    if (toDelete === null) return;
    const target = toDelete;
    const wasActive = target.id === restaurantId;
    // Move off the restaurant before it disappears, so its vanishing is not reported as a surprise.
    const fallback = list.find((restaurant) => restaurant.id !== target.id);
    if (wasActive && fallback) setRestaurantId(fallback.id);
    deleteRestaurant.mutate(target.id, {
      onSuccess: () => toast.success(RESTAURANT_DELETED),
      onError: (error) => {
        if (wasActive) setRestaurantId(target.id);
        // SPEC §5: deleting the last restaurant is refused.
        toast.error(
          error instanceof ApiRequestError && error.code === 'last_restaurant'
            ? MSG.lastRestaurant
            : clientErrorMessage(error, DELETE_RESTAURANT_FAILED),
        );
      },
      onSettled: () => setToDelete(null),
    });
  }

  return (
    <div className="flex flex-col gap-6">
      {restaurants.isPending ? (
        <div role="status">
          <span className="sr-only">Loading restaurants</span>
          <Skeleton className="h-12 w-full max-w-md" />
        </div>
      ) : restaurants.data === undefined ? (
        <LoadError message={MSG.loadRestaurantsFailed} onRetry={() => void restaurants.refetch()} />
      ) : list.length === 0 ? (
        <p className="text-sm text-body">You have no restaurant yet. Add one below.</p>
      ) : (
        <div className="flex flex-col gap-1.5">
          <label htmlFor={selectId} className="text-sm font-medium text-ink-soft">
            Active Restaurant
          </label>
          <div className="flex flex-col gap-2 sm:flex-row">
            <select
              id={selectId}
              value={active?.id ?? ''}
              onChange={(event) => setRestaurantId(event.target.value)}
              className={`${inputClass(false)} sm:max-w-md`}
            >
              {active === null && <option value="">Choose a restaurant</option>}
              {list.map((restaurant) => (
                <option key={restaurant.id} value={restaurant.id}>
                  {labels.get(restaurant.id)}
                </option>
              ))}
            </select>
            <Button
              variant="danger-outline"
              size="lg"
              // SPEC §5: the last restaurant cannot be deleted — said before asking, not after (issue 13).
              disabled={active === null || isLast}
              aria-describedby={isLast ? lastHintId : undefined}
              onClick={() => setToDelete(active)}
            >
              Delete Restaurant
            </Button>
          </div>
          {isLast && (
            <p id={lastHintId} className="text-sm font-medium text-ink-soft">
              {MSG.lastRestaurant}
            </p>
          )}
          <p className="text-sm text-body">
            Dashboard, tables, staff and branding all work on the active restaurant.
          </p>
        </div>
      )}

      <AddRestaurantForm />

      <ConfirmDialog
        open={toDelete !== null}
        title="Delete Restaurant"
        message={
          toDelete && (
            <>
              Are you sure you want to delete <strong>{toDelete.name}</strong>? Its tables, QR
              codes, staff accounts, service requests and logo are deleted too. This action cannot
              be undone.
            </>
          )
        }
        confirmLabel="Delete"
        isPending={deleteRestaurant.isPending}
        onConfirm={confirmDelete}
        onCancel={() => setToDelete(null)}
      />
    </div>
  );
}

function AddRestaurantForm() {
  const create = useCreateRestaurant();
  return (
    <RestaurantNameForm
      create={create}
      label="New Restaurant Name"
      submitLabel="Add Restaurant"
      layout="inline"
    />
  );
}
