import { zodResolver } from '@hookform/resolvers/zod';
import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from '../../../lib/toast';
import { z } from 'zod';
import { PIN_MAX } from '@shared/constants';
import { appText } from '@shared/i18n/app';
import { Button } from '../../../components/ui/button';
import { FormError } from '../../../components/ui/form-error';
import { FormField } from '../../../components/ui/form-field';
import { useChangeOwnPin } from '../../../lib/account-api';
import { FORM_OPTIONS, serverErrorToForm } from '../../../lib/form';
import { useI18n } from '../../../lib/i18n';
import { newPinFormSchema } from '../../../lib/secret-form-schemas';

/**
 * Issue 26 (decision 068): a PIN server changes their own PIN, the current one first. This device stays signed in;
 * every other one is signed out. A wrong current PIN stays in the form and counts as a failed sign-in would.
 */
export function ChangePinSection() {
  const i18n = useI18n();
  const change = useChangeOwnPin();
  const headingId = useId();
  const errorId = useId();
  const form = useForm({
    ...FORM_OPTIONS,
    resolver: zodResolver(
      z
        .object({
          currentPin: z.string().min(1, appText(i18n, 'app.error.incorrectPin')),
        })
        .and(newPinFormSchema(i18n)),
    ),
    defaultValues: { currentPin: '', pin: '', confirmPin: '' },
  });
  const rootError = form.formState.errors.root?.server?.message ?? null;
  const submit = form.handleSubmit(({ currentPin, pin }) =>
    change.mutate(
      { currentPin, pin },
      {
        onSuccess: () => {
          form.reset();
          toast.success(appText(i18n, 'app.account.pinChanged'));
        },
        onError: (error) =>
          serverErrorToForm(form, error, {
            fields: { invalid_pin: 'currentPin', invalid_pin_format: 'pin' },
            fallback: appText(i18n, 'app.account.pinFailed'),
          }),
      },
    ),
  );
  const pinProps = {
    type: 'password',
    inputMode: 'numeric',
    maxLength: PIN_MAX,
    required: true,
  } as const;
  return (
    <section
      aria-labelledby={headingId}
      className="flex flex-col gap-4 rounded-card border border-line bg-white p-4 sm:p-5"
    >
      <div>
        <h2 id={headingId} className="text-lg font-semibold text-ink">
          {appText(i18n, 'app.account.pinTitle')}
        </h2>
        <p className="mt-0.5 text-sm text-body">{appText(i18n, 'app.account.pinText')}</p>
      </div>
      <form noValidate onSubmit={(event) => void submit(event)} className="flex flex-col gap-4">
        <div className="grid gap-4 sm:grid-cols-3">
          <FormField
            form={form}
            name="currentPin"
            label={appText(i18n, 'app.account.currentPin')}
            autoComplete="current-password"
            {...pinProps}
          />
          <FormField
            form={form}
            name="pin"
            label={appText(i18n, 'app.account.newPin')}
            autoComplete="new-password"
            hint={appText(i18n, 'app.admin.staff.pinHint')}
            {...pinProps}
          />
          <FormField
            form={form}
            name="confirmPin"
            label={appText(i18n, 'app.account.confirmPin')}
            autoComplete="new-password"
            {...pinProps}
          />
        </div>
        <FormError id={errorId} message={rootError} />
        <div>
          <Button type="submit" isLoading={change.isPending}>
            {appText(i18n, 'app.account.pinSave')}
          </Button>
        </div>
      </form>
    </section>
  );
}
