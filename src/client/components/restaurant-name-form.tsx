import { zodResolver } from '@hookform/resolvers/zod';
import { useMemo, type Ref } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from '../lib/toast';
import { z } from 'zod';
import { RESTAURANT_NAME_MAX } from '@shared/constants';
import type { Restaurant } from '@shared/schemas';
import { Button } from './ui/button';
import { FormField } from './ui/form-field';
import { FORM_OPTIONS, serverErrorToForm } from '../lib/form';
import { useI18n } from '../lib/i18n';
import { appText } from '@shared/i18n/app';
import type { I18n } from '@shared/i18n/i18n';
import type { useCreateRestaurant } from '../lib/restaurants-api';

/** SPEC §5 Create restaurant: the name is required (and, issue 13, at most RESTAURANT_NAME_MAX characters). */
function restaurantNameFormSchema(i18n: I18n) {
  return z.object({
    name: z.string().superRefine((value, ctx) => {
      const message =
        value.trim() === ''
          ? appText(i18n, 'app.console.restaurantNameRequired')
          : value.trim().length > RESTAURANT_NAME_MAX
            ? appText(i18n, 'app.console.tooLong', { limit: RESTAURANT_NAME_MAX })
            : null;
      if (message !== null) ctx.addIssue({ code: 'custom', message });
    }),
  });
}
type RestaurantNameValues = z.infer<ReturnType<typeof restaurantNameFormSchema>>;

export interface RestaurantNameFormProps {
  create: ReturnType<typeof useCreateRestaurant>;
  label: string;
  submitLabel: string;
  /** 'stacked': a dialog's full-width button under the field; 'inline': the button beside it from sm up. */
  layout: 'stacked' | 'inline';
  inputRef?: Ref<HTMLInputElement>;
  onCreated?: (restaurant: Restaurant) => void;
}

/**
 * Name → POST /api/restaurants → 'Restaurant created successfully': the first-run dialog's form and the settings
 * page's 'Add Restaurant' are this one form.
 */
export function RestaurantNameForm(props: RestaurantNameFormProps) {
  const { create, label, submitLabel, layout, inputRef, onCreated } = props;
  const i18n = useI18n();
  const schema = useMemo(() => restaurantNameFormSchema(i18n), [i18n]);
  const form = useForm<RestaurantNameValues>({
    ...FORM_OPTIONS,
    resolver: zodResolver(schema),
    defaultValues: { name: '' },
  });

  const submit = form.handleSubmit(({ name }) =>
    create.mutate(name.trim(), {
      onSuccess: ({ restaurant }) => {
        form.reset();
        toast.success(appText(i18n, 'app.console.restaurantCreated'));
        onCreated?.(restaurant);
      },
      // Under the field only, never also as a toast (decision 067).
      onError: (error) =>
        serverErrorToForm(form, error, {
          otherwise: 'name',
          fallback: appText(i18n, 'app.console.createRestaurantFailed'),
        }),
    }),
  );

  const button = (
    <Button
      type="submit"
      size="lg"
      variant={layout === 'inline' ? 'secondary' : 'primary'}
      fullWidth={layout === 'stacked'}
      isLoading={create.isPending}
    >
      {submitLabel}
    </Button>
  );
  return (
    <form noValidate onSubmit={(event) => void submit(event)} className="flex flex-col gap-5">
      <FormField
        form={form}
        name="name"
        label={label}
        inputRef={inputRef}
        autoComplete={layout === 'stacked' ? 'organization' : 'off'}
        limit={RESTAURANT_NAME_MAX}
        required
        className={layout === 'inline' ? 'sm:max-w-md' : ''}
        rowClassName={layout === 'inline' ? 'flex flex-col gap-2 sm:flex-row' : undefined}
        addon={layout === 'inline' ? button : undefined}
      />
      {layout === 'stacked' && button}
    </form>
  );
}
