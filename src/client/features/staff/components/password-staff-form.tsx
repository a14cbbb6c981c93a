import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { MSG } from '../../../../shared/messages';
import { FormField } from '../../../components/ui/form-field';
import { FORM_OPTIONS } from '../../../lib/form';
import {
  PASSWORD_STAFF_FIELDS,
  passwordStaffFormSchema,
  type PasswordStaffValues,
} from '../lib/staff-form-schemas';
import {
  StaffFormActions,
  StaffNameField,
  useStaffSubmit,
  type StaffModeFormProps,
} from './staff-form-parts';

/** The Add Staff dialog in password mode: name, email, password twice. */
export function PasswordStaffForm(props: StaffModeFormProps) {
  const form = useForm<PasswordStaffValues>({
    ...FORM_OPTIONS,
    resolver: zodResolver(passwordStaffFormSchema),
    defaultValues: { name: props.name, email: '', password: '', confirmPassword: '' },
  });
  const submit = useStaffSubmit(
    form,
    PASSWORD_STAFF_FIELDS,
    props,
    (values) => ({
      mode: 'password',
      name: values.name.trim(),
      email: values.email.trim(),
      password: values.password,
    }),
    { fields: { email_in_use: 'email' }, messages: { email_in_use: () => MSG.emailInUse } },
  );

  return (
    <form noValidate onSubmit={(event) => void submit(event)} className="flex flex-col gap-5">
      <StaffNameField form={form} nameRef={props.nameRef} onValueChange={props.onNameChange} />
      <FormField
        form={form}
        name="email"
        label="Email"
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
        label="Password"
        type="password"
        autoComplete="new-password"
        maxLength={200}
        required
        hint="At least 8 characters, with a letter, a number and one of @$!%*#?&"
      />
      <FormField
        form={form}
        name="confirmPassword"
        label="Confirm Password"
        type="password"
        autoComplete="new-password"
        maxLength={200}
        required
      />
      <StaffFormActions isPending={props.create.isPending} onCancel={props.onDone} />
    </form>
  );
}
