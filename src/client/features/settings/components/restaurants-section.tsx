import { Fragment, useId, useState } from 'react';
import { toast } from '../../../lib/toast';
import { appText } from '@shared/i18n/app';
import type { Restaurant } from '@shared/schemas';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { LoadError } from '../../../components/ui/empty-state';
import { inputClass } from '../../../components/ui/form-field';
import { Skeleton } from '../../../components/ui/skeleton';
import { ApiRequestError, clientErrorMessage } from '../../../lib/api-client';
import { useI18n } from '../../../lib/i18n';
import { restaurantLabels } from '../../../lib/restaurant-labels';
import { useErrorToast } from '../../../lib/use-error-toast';
import {
  useCreateRestaurant,
  useDeleteRestaurant,
  useOwnedRestaurants,
} from '../../../lib/restaurants-api';
import { useActiveRestaurant } from '../../../lib/active-restaurant-provider';
import { RestaurantNameForm } from '../../../components/restaurant-name-form';

/** Where the restaurant's name goes in the confirm text: split there, so the name can be set in bold. */
const NAME_SLOT = '\u0000';

/** SPEC §2 /admin/settings: pick the active restaurant; add or delete restaurants (confirm dialog). */
export function RestaurantsSection() {
  const i18n = useI18n();
  const restaurants = useOwnedRestaurants();
  const { restaurantId, setRestaurantId } = useActiveRestaurant();
  const deleteRestaurant = useDeleteRestaurant();
  const [toDelete, setToDelete] = useState<Restaurant | null>(null);
  const selectId = useId();
  const lastHintId = useId();
  const loadFailed = appText(i18n, 'app.settings.loadRestaurantsFailed');
  const lastRestaurant = appText(i18n, 'app.settings.lastRestaurant');
  useErrorToast(restaurants.isError, loadFailed);

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
      onSuccess: () => toast.success(appText(i18n, 'app.settings.restaurantDeleted')),
      onError: (error) => {
        if (wasActive) setRestaurantId(target.id);
        // SPEC §5: deleting the last restaurant is refused.
        toast.error(
          error instanceof ApiRequestError && error.code === 'last_restaurant'
            ? lastRestaurant
            : clientErrorMessage(error, appText(i18n, 'app.settings.deleteRestaurantFailed')),
        );
      },
      onSettled: () => setToDelete(null),
    });
  }

  return (
    <div className="flex flex-col gap-6">
      {restaurants.isPending ? (
        <div role="status">
          <span className="sr-only">{appText(i18n, 'app.settings.loadingRestaurants')}</span>
          <Skeleton className="h-12 w-full max-w-md" />
        </div>
      ) : restaurants.data === undefined ? (
        <LoadError message={loadFailed} onRetry={() => void restaurants.refetch()} />
      ) : list.length === 0 ? (
        <p className="text-sm text-body">{appText(i18n, 'app.settings.noRestaurant')}</p>
      ) : (
        <div className="flex flex-col gap-1.5">
          <label htmlFor={selectId} className="text-sm font-medium text-ink-soft">
            {appText(i18n, 'app.settings.activeRestaurant')}
          </label>
          <div className="flex flex-col gap-2 sm:flex-row">
            <select
              id={selectId}
              value={active?.id ?? ''}
              onChange={(event) => setRestaurantId(event.target.value)}
              className={`${inputClass(false)} sm:max-w-md`}
            >
              {active === null && (
                <option value="">{appText(i18n, 'app.settings.chooseRestaurant')}</option>
              )}
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
              {appText(i18n, 'app.settings.deleteRestaurant')}
            </Button>
          </div>
          {isLast && (
            <p id={lastHintId} className="text-sm font-medium text-ink-soft">
              {lastRestaurant}
            </p>
          )}
          <p className="text-sm text-body">{appText(i18n, 'app.settings.activeRestaurantHint')}</p>
        </div>
      )}

      <AddRestaurantForm />

      <ConfirmDialog
        open={toDelete !== null}
        title={appText(i18n, 'app.settings.deleteRestaurant')}
        message={
          toDelete &&
          appText(i18n, 'app.settings.deleteRestaurantConfirm', { name: NAME_SLOT })
            .split(NAME_SLOT)
            .map((part, index) => (
              <Fragment key={index}>
                {index > 0 && <strong>{toDelete.name}</strong>}
                {part}
              </Fragment>
            ))
        }
        confirmLabel={appText(i18n, 'app.settings.delete')}
        cancelLabel={appText(i18n, 'app.settings.cancel')}
        isPending={deleteRestaurant.isPending}
        onConfirm={confirmDelete}
        onCancel={() => setToDelete(null)}
      />
    </div>
  );
}

function AddRestaurantForm() {
  const i18n = useI18n();
  const create = useCreateRestaurant();
  return (
    <RestaurantNameForm
      create={create}
      label={appText(i18n, 'app.settings.newRestaurantName')}
      submitLabel={appText(i18n, 'app.settings.addRestaurant')}
      layout="inline"
    />
  );
}
