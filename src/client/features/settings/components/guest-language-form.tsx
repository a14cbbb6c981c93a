import { useId, useState } from 'react';
import { toast } from 'react-toastify';
import { appText } from '../../../../shared/i18n/app';
import { isLocale, type Locale } from '../../../../shared/i18n/locales';
import type { Restaurant } from '../../../../shared/schemas';
import { Button } from '../../../components/ui/button';
import { inputClass } from '../../../components/ui/form-field';
import { LocaleOptions } from '../../../components/locale-options';
import { clientErrorMessage } from '../../../lib/api-client';
import { useI18n } from '../../../lib/i18n';
import { useUpdateRestaurant } from '../../../lib/restaurants-api';

/**
 * Issue 15 (decision 047): the guest page's language for a guest whose browser asks for none of the app's
 * languages. Each language is named in itself, as the guests' switcher names it.
 */
export function GuestLanguageForm({ restaurant }: { restaurant: Restaurant }) {
  const i18n = useI18n();
  const update = useUpdateRestaurant();
  const selectId = useId();
  const hintId = useId();
  const [language, setLanguage] = useState<Locale>(restaurant.guestLanguage);
  const dirty = language !== restaurant.guestLanguage;

  const save = () =>
    update.mutate(
      { restaurantId: restaurant.id, body: { guestLanguage: language } },
      {
        onSuccess: () => toast.success(appText(i18n, 'app.settings.guestLanguageSaved')),
        onError: (error) =>
          toast.error(clientErrorMessage(error, appText(i18n, 'app.settings.updateFailed'))),
      },
    );

  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        save();
      }}
      className="flex flex-col gap-4"
    >
      <div className="flex flex-col gap-1.5">
        <label htmlFor={selectId} className="text-sm font-medium text-ink-soft">
          {appText(i18n, 'app.settings.defaultGuestLanguage')}
        </label>
        <select
          id={selectId}
          value={language}
          aria-describedby={hintId}
          onChange={(event) => {
            if (isLocale(event.target.value)) setLanguage(event.target.value);
          }}
          className={`${inputClass(false)} sm:max-w-md`}
        >
          <LocaleOptions />
        </select>
        <p id={hintId} className="text-sm text-body">
          {appText(i18n, 'app.settings.guestLanguageHint')}
        </p>
      </div>
      <Button
        type="submit"
        size="lg"
        isLoading={update.isPending}
        disabled={!dirty}
        className="w-full sm:w-auto sm:self-start"
      >
        {appText(i18n, 'app.settings.saveGuestLanguage')}
      </Button>
    </form>
  );
}
