import { useId, type ReactNode } from 'react';
import { MSG } from '../../../../shared/messages';
import { LoadError } from '../../../components/ui/empty-state';
import { Skeleton } from '../../../components/ui/skeleton';
import { ApiRequestError } from '../../../lib/api-client';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useErrorToast } from '../../../lib/use-error-toast';
import { DeleteAccountSection } from '../../../components/delete-account-section';
import { useRestaurant } from '../../../lib/restaurants-api';
import { useActiveRestaurant } from '../../../lib/active-restaurant-provider';
import { BrandingForm } from '../components/branding-form';
import { LogoSection } from '../components/logo-section';
import { RestaurantsSection } from '../components/restaurants-section';
import { TimeZoneForm } from '../components/time-zone-form';
import { GuestLanguageForm } from '../components/guest-language-form';
import { AccountLanguage } from '../../../components/account-language';

// docs/decisions/005-admin-account-deletion.md: an admin's restaurants go with their account.
const DELETE_ACCOUNT_TEXT =
  'Once you delete your account, there is no going back. Your restaurants are deleted with it, together with their tables, staff accounts and service requests.';
const DELETE_ACCOUNT_CONFIRM =
  'Are you sure you want to delete your account? This action cannot be undone. All your restaurants, with their tables, QR codes, staff accounts and service requests, will be deleted.';

function SettingsCard({
  title,
  description,
  children,
}: {
  title: string;
  description?: string;
  children: ReactNode;
}) {
  const headingId = useId();
  return (
    <section
      aria-labelledby={headingId}
      className="rounded-card border border-line bg-white p-4 shadow-sm sm:p-6"
    >
      <h2 id={headingId} className="text-lg font-semibold text-ink">
        {title}
      </h2>
      {description && <p className="mt-1 text-sm text-body">{description}</p>}
      <div className="mt-5">{children}</div>
    </section>
  );
}

/**
 * SPEC §2 /admin/settings: restaurants (pick, add, delete), branding, logo and account deletion. A signed-out
 * visitor is sent to /login by the route guard.
 */
export function AdminSettingsPage() {
  useDocumentTitle('Settings');
  const { restaurantId } = useActiveRestaurant();
  const restaurant = useRestaurant(restaurantId);
  const notFound = restaurant.error instanceof ApiRequestError && restaurant.error.status === 404;
  const loadFailed = restaurant.isError && restaurant.data === undefined;
  useErrorToast(loadFailed, notFound ? MSG.restaurantNotFound : MSG.loadRestaurantFailed);

  return (
    <div className="space-y-6">
      <h1 className="text-2xl font-bold text-ink">Restaurant Settings</h1>

      <SettingsCard title="Restaurants">
        <RestaurantsSection />
      </SettingsCard>

      {restaurantId !== null && (
        <>
          <SettingsCard
            title="Branding"
            description="How the restaurant appears in the header and on every table's guest page."
          >
            {restaurant.data ? (
              // A fresh form per restaurant: switching restaurants never carries edits across.
              <BrandingForm key={restaurant.data.id} restaurant={restaurant.data} />
            ) : loadFailed ? (
              <LoadError
                message={notFound ? MSG.restaurantNotFound : MSG.loadRestaurantFailed}
                onRetry={() => void restaurant.refetch()}
              />
            ) : (
              <div role="status" className="space-y-4">
                <span className="sr-only">Loading restaurant</span>
                <Skeleton className="h-12 w-full" />
                <Skeleton className="h-12 w-full" />
                <Skeleton className="h-12 w-2/3" />
              </div>
            )}
          </SettingsCard>

          {!loadFailed && (
            <SettingsCard
              title="Time zone"
              description="The restaurant's local time, for the day and hours of its figures."
            >
              {restaurant.data ? (
                <TimeZoneForm key={restaurant.data.id} restaurant={restaurant.data} />
              ) : (
                <Skeleton className="h-20 w-full" />
              )}
            </SettingsCard>
          )}

          <SettingsCard
            title="Your language"
            description="Your own screens, notifications and mails."
          >
            <AccountLanguage />
          </SettingsCard>

          {!loadFailed && (
            <SettingsCard
              title="Guest language"
              description="The guest page's language when a guest's phone asks for none of the app's languages."
            >
              {restaurant.data ? (
                <GuestLanguageForm key={restaurant.data.id} restaurant={restaurant.data} />
              ) : (
                <Skeleton className="h-20 w-full" />
              )}
            </SettingsCard>
          )}

          {!loadFailed && (
            <SettingsCard title="Logo">
              {restaurant.data ? (
                <LogoSection restaurant={restaurant.data} />
              ) : (
                <Skeleton className="h-28 w-full" />
              )}
            </SettingsCard>
          )}
        </>
      )}

      <DeleteAccountSection
        description={DELETE_ACCOUNT_TEXT}
        confirmMessage={DELETE_ACCOUNT_CONFIRM}
      />
    </div>
  );
}
