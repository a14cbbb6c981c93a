import { zodResolver } from '@hookform/resolvers/zod';
import { useId, useMemo } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { toast } from 'react-toastify';
import {
  DEFAULT_PRIMARY_COLOR,
  DEFAULT_SECONDARY_COLOR,
  ESCALATE_MINUTES_DEFAULT,
  ESCALATE_MINUTES_MAX,
  ESCALATE_MINUTES_MIN,
  RESTAURANT_NAME_MAX,
} from '../../../../shared/constants';
import { appText } from '../../../../shared/i18n/app';
import type { Restaurant } from '../../../../shared/schemas';
import { Button } from '../../../components/ui/button';
import { FormField } from '../../../components/ui/form-field';
import { RestaurantMark } from '../../../components/ui/restaurant-mark';
import { readableTextOn, safeColor } from '../../../../shared/color';
import { FORM_OPTIONS, serverErrorToForm } from '../../../lib/form';
import { FormError } from '../../../components/ui/form-error';
import { useI18n } from '../../../lib/i18n';
import { useUpdateRestaurant } from '../../../lib/restaurants-api';
import { brandingFormSchema, type BrandingValues } from '../lib/branding-form-schema';
import { ColorField } from './color-field';

/** An address, the same in every language (not a text to translate). */
const REVIEW_URL_EXAMPLE = 'https://example.com/review';

/**
 * SPEC §2 branding form: name, review URL, primary and secondary colour; issue 5's escalation minutes; issue 12's
 * choice to show the server's first name to guests.
 */
export function BrandingForm({ restaurant }: { restaurant: Restaurant }) {
  const i18n = useI18n();
  const schema = useMemo(() => brandingFormSchema(i18n), [i18n]);
  const form = useForm<BrandingValues>({
    ...FORM_OPTIONS,
    resolver: zodResolver(schema),
    defaultValues: {
      name: restaurant.name,
      reviewUrl: restaurant.reviewUrl ?? '',
      primaryColor: restaurant.primaryColor,
      secondaryColor: restaurant.secondaryColor,
      escalateAfterMinutes: String(restaurant.escalateAfterMinutes),
      showServerNames: restaurant.showServerNames,
    },
  });
  const update = useUpdateRestaurant();
  const namesId = useId();
  const namesHintId = useId();

  const submit = form.handleSubmit((values) =>
    update.mutate(
      {
        restaurantId: restaurant.id,
        body: {
          name: values.name.trim(),
          reviewUrl: values.reviewUrl.trim(),
          primaryColor: values.primaryColor.toUpperCase(),
          secondaryColor: values.secondaryColor.toUpperCase(),
          escalateAfterMinutes: Number(values.escalateAfterMinutes.trim()),
          showServerNames: values.showServerNames,
        },
      },
      {
        onSuccess: () => toast.success(appText(i18n, 'app.settings.saved')),
        // On its field, or above the Save button; never also as a toast (decision 067).
        onError: (error) =>
          serverErrorToForm(form, error, {
            fallback: appText(i18n, 'app.settings.updateFailed'),
          }),
      },
    ),
  );

  return (
    <form noValidate onSubmit={(event) => void submit(event)} className="flex flex-col gap-5">
      <FormField
        form={form}
        name="name"
        label={appText(i18n, 'app.settings.name')}
        autoComplete="organization"
        limit={RESTAURANT_NAME_MAX}
        required
      />
      <FormField
        form={form}
        name="reviewUrl"
        label={appText(i18n, 'app.settings.reviewUrl')}
        type="url"
        dir="ltr"
        inputMode="url"
        autoComplete="url"
        placeholder={REVIEW_URL_EXAMPLE}
        maxLength={2000}
        hint={appText(i18n, 'app.settings.reviewUrlHint')}
      />
      <div className="grid gap-5 sm:grid-cols-2">
        <ColorField
          form={form}
          name="primaryColor"
          label={appText(i18n, 'app.settings.primaryColor')}
          fallback={DEFAULT_PRIMARY_COLOR}
        />
        <ColorField
          form={form}
          name="secondaryColor"
          label={appText(i18n, 'app.settings.secondaryColor')}
          fallback={DEFAULT_SECONDARY_COLOR}
        />
      </div>

      <FormField
        form={form}
        name="escalateAfterMinutes"
        label={appText(i18n, 'app.settings.escalate')}
        type="number"
        inputMode="numeric"
        min={ESCALATE_MINUTES_MIN}
        max={ESCALATE_MINUTES_MAX}
        step={1}
        required
        className="sm:max-w-40"
        hint={appText(i18n, 'app.settings.escalateHint', {
          min: ESCALATE_MINUTES_MIN,
          max: ESCALATE_MINUTES_MAX,
          standard: ESCALATE_MINUTES_DEFAULT,
        })}
      />

      {/* Issue 12: what the guest page says when a server takes the table's request (decision 029). */}
      <div className="flex items-start gap-3">
        <input
          id={namesId}
          type="checkbox"
          aria-describedby={namesHintId}
          {...form.register('showServerNames')}
          className="mt-0.5 size-5 shrink-0 rounded-chip border-faint accent-brand-700 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-600 focus-visible:ring-offset-2"
        />
        <div>
          <label htmlFor={namesId} className="text-sm font-medium text-ink-soft">
            {appText(i18n, 'app.settings.showServerNamesLabel')}
          </label>
          <p id={namesHintId} className="text-sm text-body">
            {appText(i18n, 'app.settings.showServerNamesHint')}
          </p>
        </div>
      </div>

      <BrandingPreview form={form} restaurant={restaurant} />

      <FormError message={form.formState.errors.root?.server?.message ?? null} />
      <div>
        <Button type="submit" size="lg" isLoading={update.isPending} className="w-full sm:w-auto">
          {appText(i18n, 'app.settings.save')}
        </Button>
      </div>
    </form>
  );
}

/** The guest page's header as the form stands: colours and name, before saving. */
function BrandingPreview({
  form,
  restaurant,
}: {
  form: ReturnType<typeof useForm<BrandingValues>>;
  restaurant: Restaurant;
}) {
  const i18n = useI18n();
  const previewId = useId();
  const [name, primaryColor, secondaryColor] = useWatch({
    control: form.control,
    name: ['name', 'primaryColor', 'secondaryColor'],
  });
  const background = safeColor(primaryColor);
  return (
    <div>
      <p id={previewId} className="text-sm font-medium text-ink-soft">
        {appText(i18n, 'app.settings.preview')}
      </p>
      <div
        aria-labelledby={previewId}
        role="img"
        className="mt-1.5 flex items-center gap-3 rounded-card px-4 py-3 shadow-sm"
        style={{ backgroundColor: background, color: readableTextOn(background) }}
      >
        <RestaurantMark
          name={name || restaurant.name}
          logoUrl={restaurant.logoUrl}
          color={safeColor(secondaryColor)}
          className="size-10 text-lg"
        />
        <span className="truncate text-lg font-bold">{name.trim() || restaurant.name}</span>
      </div>
    </div>
  );
}
