/**
 * The Add Staff dialog's two forms (SPEC §5), built from the shared field rules (src/shared/fields.ts) the staff
 * service applies too; only the typed-twice confirmation is the form's own.
 */
import { z } from 'zod';
import {
  confirmedSecret,
  emailField,
  loginIdField,
  NAME_REQUIRED,
  passwordError,
  PERSON_NAME_MAX,
  pinError,
  requiredNameField,
} from '../../../../shared/fields';
import { MSG } from '../../../../shared/messages';

const staffNameField = requiredNameField(NAME_REQUIRED, PERSON_NAME_MAX);

export const pinStaffFormSchema = z
  .object({ name: staffNameField, loginId: loginIdField, pin: z.string(), confirmPin: z.string() })
  .superRefine(confirmedSecret('pin', 'confirmPin', pinError, MSG.pinsDoNotMatch));
export type PinStaffValues = z.infer<typeof pinStaffFormSchema>;
export const PIN_STAFF_FIELDS = ['name', 'loginId', 'pin', 'confirmPin'] as const;

export const passwordStaffFormSchema = z
  .object({
    name: staffNameField,
    email: emailField,
    password: z.string(),
    confirmPassword: z.string(),
  })
  .superRefine(
    confirmedSecret('password', 'confirmPassword', passwordError, MSG.passwordsDoNotMatch),
  );
export type PasswordStaffValues = z.infer<typeof passwordStaffFormSchema>;
export const PASSWORD_STAFF_FIELDS = ['name', 'email', 'password', 'confirmPassword'] as const;
