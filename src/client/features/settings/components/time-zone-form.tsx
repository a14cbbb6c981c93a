import { useId, useMemo } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { toast } from 'react-toastify';
import { z } from 'zod';
import { MSG } from '../../../../shared/messages';
import { timeZoneSchema, type Restaurant } from '../../../../shared/schemas';
import { canonicalTimeZone, timeZoneNames } from '../../../../shared/time-zone';
import { Button } from '../../../components/ui/button';
import { FormField } from '../../../components/ui/form-field';
import { clientErrorMessage } from '../../../lib/api-client';
import { useUpdateRestaurant } from '../../../lib/restaurants-api';

const TIME_ZONE_SAVED = 'Time zone updated';
const formSchema = z.object({ timeZone: z.string().trim().pipe(timeZoneSchema) });
type FormInput = z.input<typeof formSchema>;
type FormOutput = z.output<typeof formSchema>;

/** "14:05" in `zone` now, or null when the zone is not (yet) a valid name. */
function clockIn(zone: string): string | null {
  const known = canonicalTimeZone(zone.trim());
  if (known === null) return null;
  return new Intl.DateTimeFormat(undefined, {
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
  const clock = clockIn(useWatch({ control, name: 'timeZone' }));

  const onSubmit = handleSubmit(({ timeZone }) => {
    update.mutate(
      { restaurantId: restaurant.id, body: { timeZone } },
      {
        onSuccess: ({ restaurant: saved }) => {
          reset({ timeZone: saved.timeZone });
          toast.success(TIME_ZONE_SAVED);
        },
        onError: (error) => toast.error(clientErrorMessage(error, MSG.updateSettingsFailed)),
      },
    );
  });

  return (
    <form noValidate onSubmit={(event) => void onSubmit(event)} className="flex flex-col gap-4">
      <FormField
        form={form}
        name="timeZone"
        label="Time zone"
        list={listId}
        autoComplete="off"
        spellCheck={false}
        placeholder="e.g. Europe/Berlin"
        hint={
          clock
            ? `Now there: ${clock}. "Today" on the dashboard and the hours in Analytics follow this zone.`
            : '"Today" on the dashboard and the hours in Analytics follow this zone.'
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
          Save time zone
        </Button>
        {browserZone !== null && browserZone !== restaurant.timeZone && (
          <Button
            type="button"
            variant="secondary"
            size="lg"
            className="w-full sm:w-auto"
            onClick={() => setValue('timeZone', browserZone, { shouldDirty: true })}
          >
            Use this device’s zone ({browserZone})
          </Button>
        )}
      </div>
    </form>
  );
}
