import { useId, type ReactNode } from 'react';
import { appText } from '@shared/i18n/app';
import { useI18n } from '../../../lib/i18n';
import { LoadError } from '../../../components/ui/empty-state';
import { Skeleton } from '../../../components/ui/skeleton';
import { ApiRequestError } from '../../../lib/api-client';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useErrorToast } from '../../../lib/use-error-toast';
import { DeleteAccountSection } from '../../../components/delete-account-section';
import { useRestaurant } from '../../../lib/restaurants-api';
import { useActiveRestaurant } from '../../../lib/active-restaurant-provider';
import { RestaurantSettingsForm } from '../components/restaurant-settings-form';
import { LogoSection } from '../components/logo-section';
import { RestaurantsSection } from '../components/restaurants-section';
import { AccountLanguage } from '../../../components/account-language';
import { ApiTokensSection, WebhooksSection } from '../components/integrations-section';
import { FloorBoardsSection } from '../components/floor-boards-section';
import { GuestButtonsSection } from '../components/guest-buttons-section';
import { PressBlocksSection, RemoteCallsSection } from '../components/remote-calls-section';

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
 * SPEC §2 /admin/settings: restaurants (pick, add, delete), the restaurant's settings as one form with one Save
 * (decision 084), logo, integrations, the admin's own language and account deletion. A signed-out
 * visitor is sent to /login by the route guard.
 */
export function AdminSettingsPage() {
  const i18n = useI18n();
  useDocumentTitle(appText(i18n, 'app.settings.title'));
  const { restaurantId } = useActiveRestaurant();
  const restaurant = useRestaurant(restaurantId);
  const notFound = restaurant.error instanceof ApiRequestError && restaurant.error.status === 404;
  const loadFailed = restaurant.isError && restaurant.data === undefined;
  const loadError = appText(
    i18n,
    notFound ? 'app.settings.restaurantNotFound' : 'app.settings.loadRestaurantFailed',
  );
  useErrorToast(loadFailed, loadError);

  return (
    <div className="space-y-6">
      <h1 className="text-2xl font-bold text-ink">{appText(i18n, 'app.settings.heading')}</h1>

      <SettingsCard title={appText(i18n, 'app.settings.restaurants')}>
        <RestaurantsSection />
      </SettingsCard>

      {restaurantId !== null && (
        <>
          <SettingsCard
            title={appText(i18n, 'app.settings.restaurantSection')}
            description={appText(i18n, 'app.settings.restaurantSectionDescription')}
          >
            {restaurant.data ? (
              // A fresh form per restaurant: switching restaurants never carries edits across.
              <RestaurantSettingsForm key={restaurant.data.id} restaurant={restaurant.data} />
            ) : loadFailed ? (
              <LoadError message={loadError} onRetry={() => void restaurant.refetch()} />
            ) : (
              <div role="status" className="space-y-4">
                <span className="sr-only">{appText(i18n, 'app.settings.loadingRestaurant')}</span>
                <Skeleton className="h-12 w-full" />
                <Skeleton className="h-12 w-full" />
                <Skeleton className="h-12 w-2/3" />
              </div>
            )}
          </SettingsCard>

          {!loadFailed && (
            <SettingsCard
              title={appText(i18n, 'app.buttons.title')}
              description={appText(i18n, 'app.buttons.description')}
            >
              {restaurant.data ? (
                <GuestButtonsSection key={restaurant.data.id} restaurant={restaurant.data} />
              ) : (
                <Skeleton className="h-40 w-full" />
              )}
            </SettingsCard>
          )}

          {/* Calls from tables (decisions 088, 089): hours, the press budget, and phones paused as pranks. */}
          {!loadFailed && (
            <SettingsCard
              title={appText(i18n, 'app.settings.hours.title')}
              description={appText(i18n, 'app.settings.hours.description')}
            >
              {restaurant.data ? (
                <RemoteCallsSection key={restaurant.data.id} restaurant={restaurant.data} />
              ) : (
                <Skeleton className="h-40 w-full" />
              )}
            </SettingsCard>
          )}

          <SettingsCard
            title={appText(i18n, 'app.settings.blocks.title')}
            description={appText(i18n, 'app.settings.blocks.description')}
          >
            <PressBlocksSection key={restaurantId} restaurantId={restaurantId} />
          </SettingsCard>

          <SettingsCard
            title={appText(i18n, 'app.board.settingsTitle')}
            description={appText(i18n, 'app.board.settingsDescription')}
          >
            <FloorBoardsSection key={restaurantId} restaurantId={restaurantId} />
          </SettingsCard>

          {!loadFailed && (
            <SettingsCard title={appText(i18n, 'app.settings.logo')}>
              {restaurant.data ? (
                <LogoSection restaurant={restaurant.data} />
              ) : (
                <Skeleton className="h-28 w-full" />
              )}
            </SettingsCard>
          )}

          {/* Integrations (issue 24, decisions 075-076): per restaurant, remounted when it changes. */}
          <SettingsCard
            title={appText(i18n, 'app.settings.integrations.apiTokens')}
            description={appText(i18n, 'app.settings.integrations.apiTokensDescription')}
          >
            <ApiTokensSection key={restaurantId} restaurantId={restaurantId} />
          </SettingsCard>

          <SettingsCard
            title={appText(i18n, 'app.settings.integrations.webhooks')}
            description={appText(i18n, 'app.settings.integrations.webhooksDescription')}
          >
            <WebhooksSection key={restaurantId} restaurantId={restaurantId} />
          </SettingsCard>
        </>
      )}

      {/* The signed-in person's own settings, saved as picked (decision 084). */}
      <SettingsCard
        title={appText(i18n, 'app.settings.yourLanguage')}
        description={appText(i18n, 'app.settings.yourLanguageDescription')}
      >
        <AccountLanguage />
      </SettingsCard>

      <DeleteAccountSection
        // docs/decisions/005-admin-account-deletion.md: an admin's restaurants go with their account.
        description={appText(i18n, 'app.settings.deleteAccountText')}
        confirmMessage={appText(i18n, 'app.settings.deleteAccountConfirm')}
      />
    </div>
  );
}
