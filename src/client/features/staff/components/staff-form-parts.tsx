import type { RefObject } from 'react';
import type { FieldValues, Path, UseFormReturn } from 'react-hook-form';
import { toast } from '../../../lib/toast';
import { PERSON_NAME_MAX } from '@shared/fields';
import { appText } from '@shared/i18n/app';
import type { CreateStaffBody } from '@shared/schemas';
import { Button } from '../../../components/ui/button';
import { FormField } from '../../../components/ui/form-field';
import { serverErrorToForm, type ServerErrorMapping } from '../../../lib/form';
import { FormError } from '../../../components/ui/form-error';
import { useI18n } from '../../../lib/i18n';
import type { useCreateStaff } from '../api/staff-api';

/** What the dialog shell gives each mode's form. */
export interface StaffModeFormProps {
  restaurantId: string;
  create: ReturnType<typeof useCreateStaff>;
  nameRef: RefObject<HTMLInputElement | null>;
  /** The name typed so far: it is kept when the admin switches mode. */
  name: string;
  onNameChange: (name: string) => void;
  onDone: () => void;
}

type NamedValues = FieldValues & { name: string };

/** The Name field both modes open with (the dialog's first focus). */
export function StaffNameField<T extends NamedValues, O>({
  form,
  nameRef,
  onValueChange,
}: {
  form: UseFormReturn<T, unknown, O>;
  nameRef: RefObject<HTMLInputElement | null>;
  onValueChange: (name: string) => void;
}) {
  const i18n = useI18n();
  return (
    <FormField
      form={form}
      name={'name' as Path<T>}
      inputRef={nameRef}
      label={appText(i18n, 'app.admin.staff.name')}
      autoComplete="off"
      limit={PERSON_NAME_MAX}
      required
      onValueChange={onValueChange}
    />
  );
}

/** Cancel and Add, with the form's own error above them (what no field is about, e.g. 'Failed to add staff member'). */
export function StaffFormActions({
  isPending,
  onCancel,
  error,
}: {
  isPending: boolean;
  onCancel: () => void;
  error: string | null;
}) {
  const i18n = useI18n();
  return (
    <>
      <FormError message={error} />
      <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
        <Button variant="secondary" onClick={onCancel} disabled={isPending}>
          {appText(i18n, 'app.admin.staff.cancel')}
        </Button>
        <Button type="submit" isLoading={isPending}>
          {appText(i18n, 'app.admin.staff.add')}
        </Button>
      </div>
    </>
  );
}

/**
 * Submits one mode's form: the first error is focused by react-hook-form; a valid form is sent, SPEC §8's success
 * toast closes the dialog, and a refusal lands on its field or above the buttons — never also as a toast (decision
 * 067).
 */
export function useStaffSubmit<T extends NamedValues, O>(
  form: UseFormReturn<T, unknown, O>,
  { restaurantId, create, onDone }: Pick<StaffModeFormProps, 'restaurantId' | 'create' | 'onDone'>,
  toBody: (values: O) => CreateStaffBody,
  mapping: Omit<ServerErrorMapping<T>, 'fallback'>,
  onRefused?: (error: unknown, body: CreateStaffBody) => void,
) {
  const i18n = useI18n();
  return form.handleSubmit((values) => {
    const body = toBody(values);
    create.mutate(
      { restaurantId, body },
      {
        onSuccess: ({ staffMember }) => {
          // SPEC §8 success toasts.
          toast.success(
            body.mode === 'pin'
              ? appText(i18n, 'app.admin.staff.serverAdded', {
                  loginId: staffMember.loginId ?? body.loginId,
                })
              : appText(i18n, 'app.admin.staff.staffAdded'),
          );
          onDone();
        },
        onError: (error) => {
          onRefused?.(error, body);
          serverErrorToForm(form, error, {
            ...mapping,
            fallback: appText(i18n, 'app.admin.staff.addFailed'),
          });
        },
      },
    );
  });
}
