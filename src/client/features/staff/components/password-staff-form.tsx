import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { appText } from '@shared/i18n/app';
import { FormField } from '../../../components/ui/form-field';
import { FORM_OPTIONS } from '../../../lib/form';
import { useI18n } from '../../../lib/i18n';
import { passwordStaffFormSchema, type PasswordStaffValues } from '../lib/staff-form-schemas';
import {
  StaffFormActions,
  StaffNameField,
  useStaffSubmit,
  type StaffModeFormProps,
} from './staff-form-parts';

/** The Add Staff dialog in password mode: name, email, password twice. */
export function PasswordStaffForm(props: StaffModeFormProps) {
  const i18n = useI18n();
  const form = useForm<PasswordStaffValues>({
    ...FORM_OPTIONS,
    resolver: zodResolver(passwordStaffFormSchema(i18n)),
    defaultValues: { name: props.name, email: '', password: '', confirmPassword: '' },
  });
  const submit = useStaffSubmit(
    form,
    props,
    (values) => ({
      mode: 'password',
      name: values.name.trim(),
      email: values.email.trim(),
      password: values.password,
    }),
    {
      fields: { email_in_use: 'email' },
      messages: { email_in_use: () => appText(i18n, 'app.admin.staff.emailInUse') },
    },
  );

  return (
    <form noValidate onSubmit={(event) => void submit(event)} className="flex flex-col gap-5">
      <StaffNameField form={form} nameRef={props.nameRef} onValueChange={props.onNameChange} />
      <FormField
        form={form}
        name="email"
        label={appText(i18n, 'app.admin.staff.email')}
        type="email"
        autoComplete="off"
        autoCapitalize="none"
        spellCheck={false}
        maxLength={320}
        required
      />
      <FormField
        form={form}
        name="password"
        label={appText(i18n, 'app.admin.staff.password')}
        type="password"
        autoComplete="new-password"
        maxLength={200}
        required
        hint={appText(i18n, 'app.admin.staff.passwordHint')}
      />
      <FormField
        form={form}
        name="confirmPassword"
        label={appText(i18n, 'app.admin.staff.confirmPassword')}
        type="password"
        autoComplete="new-password"
        maxLength={200}
        required
      />
      <StaffFormActions
        isPending={props.create.isPending}
        onCancel={props.onDone}
        error={form.formState.errors.root?.server?.message ?? null}
      />
    </form>
  );
}
