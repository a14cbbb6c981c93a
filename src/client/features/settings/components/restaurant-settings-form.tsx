import { zodResolver } from '@hookform/resolvers/zod';
import { useId, useMemo, useState, type ReactNode } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { toast } from '../../../lib/toast';
import {
  DEFAULT_PRIMARY_COLOR,
  DEFAULT_SECONDARY_COLOR,
  ESCALATE_MINUTES_DEFAULT,
  RECEIPT_TIMEOUT_SECONDS_MAX,
  RECEIPT_TIMEOUT_SECONDS_MIN,
  REMINDER_MINUTES_MAX,
  REMINDER_MINUTES_MIN,
  ESCALATE_MINUTES_MAX,
  ESCALATE_MINUTES_MIN,
  RESTAURANT_NAME_MAX,
} from '@shared/constants';
import { appText } from '@shared/i18n/app';
import type { Restaurant } from '@shared/schemas';
import { Button } from '../../../components/ui/button';
import { FormField } from '../../../components/ui/form-field';
import { RestaurantMark } from '../../../components/ui/restaurant-mark';
import { readableTextOn, safeColor } from '@shared/color';
import { isLocale } from '@shared/i18n/locales';
import { canonicalTimeZone } from '@shared/time-zone';
import { LocaleOptions } from '../../../components/locale-options';
import { inputClass } from '../../../components/ui/form-field';
import { FORM_OPTIONS, serverErrorToForm } from '../../../lib/form';
import { FormError } from '../../../components/ui/form-error';
import { useI18n } from '../../../lib/i18n';
import { useUpdateRestaurant } from '../../../lib/restaurants-api';
import {
  reminderMinutesOf,
  restaurantSettingsSchema,
  type RestaurantSettingsValues,
} from '../lib/restaurant-settings-schema';
import { ColorField } from './color-field';
import { TimeZonePicker } from './time-zone-picker';

/**
 * The optional minutes of the Service section, empty = off: the service timers (decision 097) and when a paid
 * party's visit ends by itself (decision 092; empty: only Clear table or four idle hours).
 */
const OPTIONAL_MINUTES = [
  {
    name: 'orderReminderMinutes',
    label: 'app.settings.orderReminder',
    hint: 'app.settings.orderReminderHint',
  },
  {
    name: 'billReminderMinutes',
    label: 'app.settings.billReminder',
    hint: 'app.settings.billReminderHint',
  },
  {
    name: 'visitCloseAfterBillMinutes',
    label: 'app.settings.visitCloseAfterBill',
    hint: 'app.settings.visitCloseAfterBillHint',
  },
] as const;

/** An address, the same in every language (not a text to translate). */
const REVIEW_URL_EXAMPLE = 'https://example.com/review';

function valuesOf(restaurant: Restaurant): RestaurantSettingsValues {
  return {
    name: restaurant.name,
    reviewUrl: restaurant.reviewUrl ?? '',
    primaryColor: restaurant.primaryColor,
    secondaryColor: restaurant.secondaryColor,
    escalateAfterMinutes: String(restaurant.escalateAfterMinutes),
    receiptTimeoutSeconds: String(restaurant.receiptTimeoutSeconds),
    pagerRepeat: restaurant.pagerRepeat,
    orderReminderMinutes:
      restaurant.orderReminderMinutes === null ? '' : String(restaurant.orderReminderMinutes),
    billReminderMinutes:
      restaurant.billReminderMinutes === null ? '' : String(restaurant.billReminderMinutes),
    visitCloseAfterBillMinutes:
      restaurant.visitCloseAfterBillMinutes === null
        ? ''
        : String(restaurant.visitCloseAfterBillMinutes),
    showServerNames: restaurant.showServerNames,
    timeZone: restaurant.timeZone,
    guestLanguage: restaurant.guestLanguage,
  };
}

/** One part of the form: a region with its own heading, so a screen reader can jump between them. */
function FormSection({ title, children }: { title: string; children: ReactNode }) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-5">
      <h3 id={headingId} className="border-b border-line pb-2 text-base font-semibold text-ink">
        {title}
      </h3>
      {children}
    </section>
  );
}

/**
 * The restaurant's settings as one form with one Save (issue 26 item 2, decision 084): SPEC §2's branding (name,
 * review URL, primary and secondary colour), issue 5's escalation minutes, issue 12's server names, decision 045's
 * time zone and decision 047's guest language. A bar at the foot says whether there are unsaved changes and stays in
 * view while there are; after a save it says so until the next edit.
 */
export function RestaurantSettingsForm({ restaurant }: { restaurant: Restaurant }) {
  const i18n = useI18n();
  const schema = useMemo(() => restaurantSettingsSchema(i18n), [i18n]);
  const form = useForm<RestaurantSettingsValues>({
    ...FORM_OPTIONS,
    resolver: zodResolver(schema),
    defaultValues: valuesOf(restaurant),
  });
  const update = useUpdateRestaurant();
  const [savedOnce, setSavedOnce] = useState(false);
  const namesId = useId();
  const pagerId = useId();
  const namesHintId = useId();
  const languageId = useId();
  const languageHintId = useId();
  const { isDirty } = form.formState;
  const deviceZone = canonicalTimeZone(Intl.DateTimeFormat().resolvedOptions().timeZone);
  const chosenZone = useWatch({ control: form.control, name: 'timeZone' });

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
          receiptTimeoutSeconds: Number(values.receiptTimeoutSeconds.trim()),
          pagerRepeat: values.pagerRepeat,
          orderReminderMinutes: reminderMinutesOf(values.orderReminderMinutes),
          billReminderMinutes: reminderMinutesOf(values.billReminderMinutes),
          visitCloseAfterBillMinutes: reminderMinutesOf(values.visitCloseAfterBillMinutes),
          showServerNames: values.showServerNames,
          timeZone: values.timeZone,
          guestLanguage: values.guestLanguage,
        },
      },
      {
        onSuccess: ({ restaurant: saved }) => {
          form.reset(valuesOf(saved));
          setSavedOnce(true);
          toast.success(appText(i18n, 'app.settings.saved'));
        },
        // On its field, or above the Save button; never also as a toast (decision 067).
        onError: (error) =>
          serverErrorToForm(form, error, {
            fallback: appText(i18n, 'app.settings.updateFailed'),
          }),
      },
    ),
  );

  return (
    <form noValidate onSubmit={(event) => void submit(event)} className="flex flex-col gap-8">
      <FormSection title={appText(i18n, 'app.settings.branding')}>
        <FormField
          form={form}
          name="name"
          label={appText(i18n, 'app.settings.name')}
          autoComplete="organization"
          limit={RESTAURANT_NAME_MAX}
          required
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
        <BrandingPreview form={form} restaurant={restaurant} />
      </FormSection>

      <FormSection title={appText(i18n, 'app.settings.guestsSection')}>
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
        <div className="flex flex-col gap-1.5">
          <label htmlFor={languageId} className="text-sm font-medium text-ink-soft">
            {appText(i18n, 'app.settings.defaultGuestLanguage')}
          </label>
          <Controller
            control={form.control}
            name="guestLanguage"
            render={({ field }) => (
              <select
                id={languageId}
                ref={field.ref}
                name={field.name}
                value={field.value}
                onBlur={field.onBlur}
                aria-describedby={languageHintId}
                onChange={(event) => {
                  if (isLocale(event.target.value)) field.onChange(event.target.value);
                }}
                className={`${inputClass(false)} sm:max-w-md`}
              >
                <LocaleOptions />
              </select>
            )}
          />
          <p id={languageHintId} className="text-sm text-body">
            {appText(i18n, 'app.settings.guestLanguageHint')}
          </p>
        </div>
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
      </FormSection>

      <FormSection title={appText(i18n, 'app.settings.serviceSection')}>
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
        {/* Decision 091: how long a call waits for a device's receipt before it is offered to everyone on duty. */}
        <FormField
          form={form}
          name="receiptTimeoutSeconds"
          label={appText(i18n, 'app.settings.receiptTimeout')}
          type="number"
          inputMode="numeric"
          min={RECEIPT_TIMEOUT_SECONDS_MIN}
          max={RECEIPT_TIMEOUT_SECONDS_MAX}
          step={1}
          required
          className="sm:max-w-40"
          hint={appText(i18n, 'app.settings.receiptTimeoutHint')}
        />
        <div className="flex items-start gap-3">
          <input
            id={pagerId}
            type="checkbox"
            {...form.register('pagerRepeat')}
            className="mt-0.5 size-5 shrink-0 rounded-chip border-faint accent-brand-700 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-600 focus-visible:ring-offset-2"
          />
          <label htmlFor={pagerId} className="text-sm font-medium text-ink-soft">
            {appText(i18n, 'app.settings.pagerRepeat')}
          </label>
        </div>
        {/* Decision 097: the service timers, reminders to the table's server; empty is off (the default). */}
        <div className="grid gap-5 sm:grid-cols-2">
          {OPTIONAL_MINUTES.map(({ name, label, hint }) => (
            <FormField
              key={name}
              form={form}
              name={name}
              label={appText(i18n, label)}
              type="number"
              inputMode="numeric"
              min={REMINDER_MINUTES_MIN}
              max={REMINDER_MINUTES_MAX}
              step={1}
              className="sm:max-w-40"
              hint={appText(i18n, hint)}
            />
          ))}
        </div>
        <div className="flex flex-col gap-2">
          <Controller
            control={form.control}
            name="timeZone"
            render={({ field, fieldState }) => (
              <TimeZonePicker
                value={field.value}
                onChange={field.onChange}
                onBlur={field.onBlur}
                label={appText(i18n, 'app.settings.timeZone')}
                error={fieldState.error?.message}
              />
            )}
          />
          {deviceZone !== null && deviceZone !== chosenZone && (
            <Button
              type="button"
              variant="secondary"
              className="w-full sm:w-auto sm:self-start"
              onClick={() => form.setValue('timeZone', deviceZone, { shouldDirty: true })}
            >
              {appText(i18n, 'app.settings.useDeviceZone', { zone: deviceZone })}
            </Button>
          )}
        </div>
      </FormSection>

      <FormError message={form.formState.errors.root?.server?.message ?? null} />
      <div className="sticky bottom-0 z-10 -mx-4 flex flex-col gap-3 border-t border-line bg-white/95 px-4 py-3 backdrop-blur sm:-mx-6 sm:flex-row sm:items-center sm:justify-between sm:px-6">
        <p role="status" className="text-sm text-body">
          {isDirty
            ? appText(i18n, 'app.settings.unsaved')
            : savedOnce
              ? appText(i18n, 'app.settings.allSaved')
              : ''}
        </p>
        <div className="flex flex-col gap-2 sm:flex-row">
          {isDirty && (
            <Button
              type="button"
              variant="secondary"
              size="lg"
              className="w-full sm:w-auto"
              onClick={() => form.reset(valuesOf(restaurant))}
            >
              {appText(i18n, 'app.settings.discard')}
            </Button>
          )}
          <Button type="submit" size="lg" isLoading={update.isPending} className="w-full sm:w-auto">
            {appText(i18n, 'app.settings.save')}
          </Button>
        </div>
      </div>
    </form>
  );
}

/** The guest page's header as the form stands: colours and name, before saving. */
function BrandingPreview({
  form,
  restaurant,
}: {
  form: ReturnType<typeof useForm<RestaurantSettingsValues>>;
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
