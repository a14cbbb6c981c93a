import { zodResolver } from '@hookform/resolvers/zod';
import { useId, useRef, type ReactNode } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { toast } from '../../../lib/toast';
import { PIN_MAX } from '@shared/constants';
import { normalizeLoginId } from '@shared/fields';
import { appText } from '@shared/i18n/app';
import { isLocale } from '@shared/i18n/locales';
import type { StaffMember, UpdateStaffBody } from '@shared/schemas';
import { LocaleOptions } from '../../../components/locale-options';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { FormError } from '../../../components/ui/form-error';
import { FormField, inputClass } from '../../../components/ui/form-field';
import { ApiRequestError } from '../../../lib/api-client';
import { FORM_OPTIONS, serverErrorToForm } from '../../../lib/form';
import { useI18n } from '../../../lib/i18n';
import { newPinFormSchema, type NewPinValues } from '../../../lib/secret-form-schemas';
import { useResetStaffPin, useSendPasswordReset, useUpdateStaff } from '../api/staff-api';
import { editStaffFormSchema, type EditStaffValues } from '../lib/staff-form-schemas';
import { LoginIdHint, LoginIdSuggestions, useLoginIdCheck } from './login-id-status';

const BROWSER = 'browser';

export interface EditStaffDialogProps {
  restaurantId: string;
  /** The member being edited; null: the dialog is closed. */
  member: StaffMember | null;
  onClose: () => void;
}

/**
 * Issue 26 (decision 068): a staff member edited in place — name, login ID (PIN staff, with the same check and
 * suggestions as Add Staff) and language — and their credentials: a new PIN, or a password-reset mail. Form errors
 * stay in the form (issue 26 item 5); a completed action says so in a toast and closes the dialog.
 */
export function EditStaffDialog({ restaurantId, member, onClose }: EditStaffDialogProps) {
  const i18n = useI18n();
  const nameRef = useRef<HTMLInputElement>(null);
  const update = useUpdateStaff();
  return (
    <Dialog
      open={member !== null}
      title={appText(i18n, 'app.admin.staff.editTitle')}
      description={appText(i18n, 'app.admin.staff.editText')}
      isBusy={update.isPending}
      initialFocusRef={nameRef}
      onClose={onClose}
    >
      {member !== null && (
        <div key={member.id} className="flex flex-col gap-6">
          <DetailsForm
            restaurantId={restaurantId}
            member={member}
            update={update}
            nameRef={nameRef}
            onDone={onClose}
          />
          {member.authMethod === 'pin' ? (
            <ResetPinForm member={member} onDone={onClose} />
          ) : (
            <ResetPasswordMail member={member} onDone={onClose} />
          )}
        </div>
      )}
    </Dialog>
  );
}

function Section({ title, text, children }: { title: string; text: string; children: ReactNode }) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-3 border-t border-line pt-5">
      <div>
        <h3 id={headingId} className="font-semibold text-ink">
          {title}
        </h3>
        <p className="mt-0.5 text-sm text-body">{text}</p>
      </div>
      {children}
    </section>
  );
}

function DetailsForm({
  restaurantId,
  member,
  update,
  nameRef,
  onDone,
}: {
  restaurantId: string;
  member: StaffMember;
  update: ReturnType<typeof useUpdateStaff>;
  nameRef: React.RefObject<HTMLInputElement | null>;
  onDone: () => void;
}) {
  const i18n = useI18n();
  const hasLoginId = member.authMethod === 'pin';
  const form = useForm<EditStaffValues>({
    ...FORM_OPTIONS,
    resolver: zodResolver(editStaffFormSchema(i18n, hasLoginId)),
    defaultValues: {
      name: member.name,
      loginId: member.loginId ?? '',
      language: member.language ?? BROWSER,
    },
  });
  const errorId = useId();
  const languageId = useId();
  const languageHintId = useId();
  const check = useLoginIdCheck(
    useWatch({ control: form.control, name: 'loginId' }),
    member.loginId,
  );
  const rootError = form.formState.errors.root?.server?.message ?? null;

  const submit = form.handleSubmit((values) => {
    const language = isLocale(values.language) ? values.language : null;
    const body: UpdateStaffBody = {
      name: values.name.trim(),
      language,
      ...(hasLoginId ? { loginId: normalizeLoginId(values.loginId) } : {}),
    };
    update.mutate(
      { restaurantId, userId: member.id, body },
      {
        onSuccess: () => {
          toast.success(appText(i18n, 'app.admin.staff.saved'));
          onDone();
        },
        onError: (error) => {
          if (error instanceof ApiRequestError && error.code === 'login_id_taken' && body.loginId)
            check.reject(body.loginId, error.suggestions);
          serverErrorToForm(form, error, {
            fields: {
              login_id_taken: 'loginId',
              invalid_login_id: 'loginId',
              name_required: 'name',
            },
            messages: {
              login_id_taken: (refusal) =>
                appText(
                  i18n,
                  refusal.suggestions.length > 0
                    ? 'app.admin.staff.loginIdTaken'
                    : 'app.admin.staff.noSuggestions',
                ),
            },
            fallback: appText(i18n, 'app.admin.staff.saveFailed'),
          });
        },
      },
    );
  });

  function pickSuggestion(suggestion: string) {
    form.setValue('loginId', suggestion);
    form.clearErrors('loginId');
    form.setFocus('loginId');
  }

  return (
    <form noValidate onSubmit={(event) => void submit(event)} className="flex flex-col gap-5">
      <FormField
        form={form}
        name="name"
        inputRef={nameRef}
        label={appText(i18n, 'app.admin.staff.name')}
        autoComplete="off"
        required
      />
      {hasLoginId && (
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
          hint={
            <LoginIdHint
              showStatus={!form.formState.errors.loginId}
              checking={check.checking}
              checked={check.checked}
            />
          }
          footer={<LoginIdSuggestions suggestions={check.taken} onPick={pickSuggestion} />}
        />
      )}
      <div className="flex flex-col gap-1.5">
        <label htmlFor={languageId} className="text-sm font-medium text-ink-soft">
          {appText(i18n, 'app.admin.staff.language')}
        </label>
        <select
          id={languageId}
          aria-describedby={languageHintId}
          {...form.register('language')}
          className={inputClass(false)}
        >
          <option value={BROWSER}>{appText(i18n, 'app.account.languageBrowser')}</option>
          <LocaleOptions />
        </select>
        <p id={languageHintId} className="text-sm text-body">
          {appText(i18n, 'app.admin.staff.languageHint')}
        </p>
      </div>
      <FormError id={errorId} message={rootError} />
      <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
        <Button variant="secondary" onClick={onDone} disabled={update.isPending}>
          {appText(i18n, 'app.admin.staff.cancel')}
        </Button>
        <Button type="submit" isLoading={update.isPending}>
          {appText(i18n, 'app.admin.staff.save')}
        </Button>
      </div>
    </form>
  );
}

/** Decision 068: the owner sets a new PIN; the member is signed out on every device. */
function ResetPinForm({ member, onDone }: { member: StaffMember; onDone: () => void }) {
  const i18n = useI18n();
  const resetPin = useResetStaffPin();
  const errorId = useId();
  const form = useForm<NewPinValues>({
    ...FORM_OPTIONS,
    resolver: zodResolver(newPinFormSchema(i18n)),
    defaultValues: { pin: '', confirmPin: '' },
  });
  const rootError = form.formState.errors.root?.server?.message ?? null;
  const submit = form.handleSubmit(({ pin }) =>
    resetPin.mutate(
      { userId: member.id, pin },
      {
        onSuccess: () => {
          toast.success(appText(i18n, 'app.admin.staff.pinReset'));
          onDone();
        },
        onError: (error) =>
          serverErrorToForm(form, error, {
            fields: { invalid_pin_format: 'pin' },
            fallback: appText(i18n, 'app.admin.staff.resetPinFailed'),
          }),
      },
    ),
  );
  return (
    <Section
      title={appText(i18n, 'app.admin.staff.resetPinTitle')}
      text={appText(i18n, 'app.admin.staff.resetPinText')}
    >
      <form noValidate onSubmit={(event) => void submit(event)} className="flex flex-col gap-4">
        <div className="grid gap-4 sm:grid-cols-2">
          <FormField
            form={form}
            name="pin"
            label={appText(i18n, 'app.admin.staff.newPin')}
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
            label={appText(i18n, 'app.admin.staff.confirmNewPin')}
            type="password"
            inputMode="numeric"
            autoComplete="new-password"
            maxLength={PIN_MAX}
            required
          />
        </div>
        <FormError id={errorId} message={rootError} />
        <div className="flex sm:justify-end">
          <Button type="submit" variant="secondary" isLoading={resetPin.isPending}>
            {appText(i18n, 'app.admin.staff.resetPinTitle')}
          </Button>
        </div>
      </form>
    </Section>
  );
}

/** Decision 069: a password member is mailed a link to choose a new password. */
function ResetPasswordMail({ member, onDone }: { member: StaffMember; onDone: () => void }) {
  const i18n = useI18n();
  const send = useSendPasswordReset();
  const errorId = useId();
  const error = send.error
    ? send.error instanceof ApiRequestError && send.error.fromServer && send.error.status < 500
      ? send.error.message
      : appText(i18n, 'app.admin.staff.resetSendFailed')
    : null;
  return (
    <Section
      title={appText(i18n, 'app.admin.staff.resetPasswordTitle')}
      text={appText(i18n, 'app.admin.staff.resetPasswordText')}
    >
      <FormError id={errorId} message={error} />
      <div className="flex sm:justify-end">
        <Button
          variant="secondary"
          isLoading={send.isPending}
          disabled={member.deactivatedAt !== null}
          aria-describedby={errorId}
          onClick={() =>
            send.mutate(
              { userId: member.id },
              {
                onSuccess: () => {
                  toast.success(
                    appText(i18n, 'app.admin.staff.resetSent', { email: member.email ?? '' }),
                  );
                  onDone();
                },
              },
            )
          }
        >
          {appText(i18n, 'app.admin.staff.sendReset')}
        </Button>
      </div>
    </Section>
  );
}
