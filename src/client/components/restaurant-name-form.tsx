import { zodResolver } from '@hookform/resolvers/zod';
import type { Ref } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from 'react-toastify';
import { z } from 'zod';
import { RESTAURANT_NAME_MAX } from '@shared/constants';
import { requiredNameField } from '@shared/fields';
import { MSG } from '@shared/messages';
import type { Restaurant } from '@shared/schemas';
import { Button } from './ui/button';
import { FormField } from './ui/form-field';
import { FORM_OPTIONS, serverErrorToForm } from '../lib/form';
import type { useCreateRestaurant } from '../lib/restaurants-api';

/** SPEC §5 Create restaurant: the name is required (and, issue 13, at most RESTAURANT_NAME_MAX characters). */
const restaurantNameFormSchema = z.object({
  name: requiredNameField(MSG.restaurantNameRequired, RESTAURANT_NAME_MAX),
});
type RestaurantNameValues = z.infer<typeof restaurantNameFormSchema>;

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
  const form = useForm<RestaurantNameValues>({
    ...FORM_OPTIONS,
    resolver: zodResolver(restaurantNameFormSchema),
    defaultValues: { name: '' },
  });

  const submit = form.handleSubmit(
    ({ name }) =>
      create.mutate(name.trim(), {
        onSuccess: ({ restaurant }) => {
          form.reset();
          toast.success(MSG.restaurantCreated);
          onCreated?.(restaurant);
        },
        onError: (error) =>
          toast.error(
            serverErrorToForm(form, error, { fallback: MSG.createRestaurantFailed }).message,
          ),
      }),
    (errors) => {
      if (errors.name?.message) toast.error(errors.name.message);
    },
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
