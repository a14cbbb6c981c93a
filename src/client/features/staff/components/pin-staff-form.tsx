import { zodResolver } from '@hookform/resolvers/zod';
import { useRef } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { PIN_MAX } from '@shared/constants';
import { normalizeLoginId } from '@shared/fields';
import { appText } from '@shared/i18n/app';
import { suggestLoginId } from '@shared/names';
import { FormField } from '../../../components/ui/form-field';
import { ApiRequestError } from '../../../lib/api-client';
import { FORM_OPTIONS } from '../../../lib/form';
import { useI18n } from '../../../lib/i18n';
import { pinStaffFormSchema, type PinStaffValues } from '../lib/staff-form-schemas';
import { LoginIdHint, LoginIdSuggestions, useLoginIdCheck } from './login-id-status';
import {
  StaffFormActions,
  StaffNameField,
  useStaffSubmit,
  type StaffModeFormProps,
} from './staff-form-parts';

/** The Add Staff dialog in PIN mode: name, login ID (suggested from the name, checked as typed), PIN twice. */
export function PinStaffForm(props: StaffModeFormProps) {
  const i18n = useI18n();
  const form = useForm<PinStaffValues>({
    ...FORM_OPTIONS,
    resolver: zodResolver(pinStaffFormSchema(i18n)),
    defaultValues: {
      name: props.name,
      loginId: suggestLoginId(props.name),
      pin: '',
      confirmPin: '',
    },
  });
  // SPEC §5: the login ID follows the name until the admin types one of their own.
  const loginIdEdited = useRef(false);
  const check = useLoginIdCheck(useWatch({ control: form.control, name: 'loginId' }));

  const submit = useStaffSubmit(
    form,
    props,
    (values) => ({
      mode: 'pin',
      name: values.name.trim(),
      loginId: normalizeLoginId(values.loginId),
      pin: values.pin,
    }),
    {
      fields: { login_id_taken: 'loginId', invalid_login_id: 'loginId', invalid_pin_format: 'pin' },
      // SPEC §8: the taken text and up to 3 suggestions, or the "couldn't find" text when there are none.
      messages: {
        login_id_taken: (error) =>
          appText(
            i18n,
            error.suggestions.length > 0
              ? 'app.admin.staff.loginIdTaken'
              : 'app.admin.staff.noSuggestions',
          ),
      },
    },
    (error, body) => {
      if (
        error instanceof ApiRequestError &&
        error.code === 'login_id_taken' &&
        body.mode === 'pin'
      )
        check.reject(body.loginId, error.suggestions);
    },
  );

  function pickSuggestion(suggestion: string) {
    form.setValue('loginId', suggestion);
    loginIdEdited.current = true;
    form.clearErrors('loginId');
    form.setFocus('loginId');
  }

  return (
    <form noValidate onSubmit={(event) => void submit(event)} className="flex flex-col gap-5">
      <StaffNameField
        form={form}
        nameRef={props.nameRef}
        onValueChange={(name) => {
          props.onNameChange(name);
          if (!loginIdEdited.current) form.setValue('loginId', suggestLoginId(name));
        }}
      />
      <FormField
        form={form}
        name="loginId"
        label={appText(i18n, 'app.admin.staff.loginId')}
        autoComplete="off"
        autoCapitalize="none"
        autoCorrect="off"
        spellCheck={false}
        maxLength={64}
        required
        // Emptying the field hands it back to the suggestion from the name.
        onValueChange={(value) => (loginIdEdited.current = value !== '')}
        hint={
          <LoginIdHint
            showStatus={!form.formState.errors.loginId}
            checking={check.checking}
            checked={check.checked}
          />
        }
        footer={<LoginIdSuggestions suggestions={check.taken} onPick={pickSuggestion} />}
      />
      <div className="grid gap-5 sm:grid-cols-2">
        <FormField
          form={form}
          name="pin"
          label={appText(i18n, 'app.admin.staff.pin')}
          type="password"
          inputMode="numeric"
          autoComplete="new-password"
          maxLength={PIN_MAX}
          required
          hint={appText(i18n, 'app.admin.staff.pinHint')}
        />
        <FormField
          form={form}
          name="confirmPin"
          label={appText(i18n, 'app.admin.staff.confirmPin')}
          type="password"
          inputMode="numeric"
          autoComplete="new-password"
          maxLength={PIN_MAX}
          required
        />
      </div>
      <StaffFormActions
        isPending={props.create.isPending}
        onCancel={props.onDone}
        error={form.formState.errors.root?.server?.message ?? null}
      />
    </form>
  );
}
