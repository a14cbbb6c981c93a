import { useId, useMemo } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { toast } from 'react-toastify';
import { z } from 'zod';
import { appText } from '../../../../shared/i18n/app';
import { timeZoneSchema, type Restaurant } from '../../../../shared/schemas';
import { canonicalTimeZone, timeZoneNames } from '../../../../shared/time-zone';
import { Button } from '../../../components/ui/button';
import { FormField } from '../../../components/ui/form-field';
import { clientErrorMessage } from '../../../lib/api-client';
import { useI18n } from '../../../lib/i18n';
import { useUpdateRestaurant } from '../../../lib/restaurants-api';

const formSchema = z.object({ timeZone: z.string().trim().pipe(timeZoneSchema) });
type FormInput = z.input<typeof formSchema>;
type FormOutput = z.output<typeof formSchema>;

/** "Tue 14:05" in `zone` now, in the screen's language, or null when the zone is not (yet) a valid name. */
function clockIn(zone: string, locale: string): string | null {
  const known = canonicalTimeZone(zone.trim());
  if (known === null) return null;
  return new Intl.DateTimeFormat(locale, {
    timeZone: known,
    hour: '2-digit',
    minute: '2-digit',
    weekday: 'short',
  }).format(new Date());
}

/**
 * The restaurant's time zone (decision 045): "today" on the dashboard and the hours of the analytics follow it. An
 * input with a datalist of every IANA zone: a browser filters the list as one types, and a name can be pasted.
 */
export function TimeZoneForm({ restaurant }: { restaurant: Restaurant }) {
  const i18n = useI18n();
  const update = useUpdateRestaurant();
  const listId = useId();
  const names = useMemo(() => timeZoneNames(), []);
  const browserZone = canonicalTimeZone(Intl.DateTimeFormat().resolvedOptions().timeZone);
  const form = useForm<FormInput, unknown, FormOutput>({
    resolver: zodResolver(formSchema),
    defaultValues: { timeZone: restaurant.timeZone },
  });
  const {
    handleSubmit,
    setValue,
    control,
    formState: { isDirty },
    reset,
  } = form;
  const clock = clockIn(useWatch({ control, name: 'timeZone' }), i18n.locale);

  const onSubmit = handleSubmit(({ timeZone }) => {
    update.mutate(
      { restaurantId: restaurant.id, body: { timeZone } },
      {
        onSuccess: ({ restaurant: saved }) => {
          reset({ timeZone: saved.timeZone });
          toast.success(appText(i18n, 'app.settings.timeZoneSaved'));
        },
        onError: (error) =>
          toast.error(clientErrorMessage(error, appText(i18n, 'app.settings.updateFailed'))),
      },
    );
  });

  return (
    <form noValidate onSubmit={(event) => void onSubmit(event)} className="flex flex-col gap-4">
      <FormField
        form={form}
        name="timeZone"
        label={appText(i18n, 'app.settings.timeZone')}
        list={listId}
        autoComplete="off"
        spellCheck={false}
        placeholder={appText(i18n, 'app.settings.timeZonePlaceholder')}
        hint={
          clock
            ? appText(i18n, 'app.settings.timeZoneHintClock', { clock })
            : appText(i18n, 'app.settings.timeZoneHint')
        }
      />
      <datalist id={listId}>
        {names.map((name) => (
          <option key={name} value={name} />
        ))}
      </datalist>
      <div className="flex flex-col gap-2 sm:flex-row">
        <Button
          type="submit"
          size="lg"
          isLoading={update.isPending}
          disabled={!isDirty}
          className="w-full sm:w-auto"
        >
          {appText(i18n, 'app.settings.saveTimeZone')}
        </Button>
        {browserZone !== null && browserZone !== restaurant.timeZone && (
          <Button
            type="button"
            variant="secondary"
            size="lg"
            className="w-full sm:w-auto"
            onClick={() => setValue('timeZone', browserZone, { shouldDirty: true })}
          >
            {appText(i18n, 'app.settings.useDeviceZone', { zone: browserZone })}
          </Button>
        )}
      </div>
    </form>
  );
}
