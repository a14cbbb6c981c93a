/**
 * The Add Staff dialog's two forms (SPEC §5), built from the shared field rules (src/shared/fields.ts) the staff
 * service applies too; only the typed-twice confirmation is the form's own. The rules speak English (the server's
 * words); the forms show their texts in the screen's language (issue 15).
 */
import { z } from 'zod';
import {
  confirmedSecret,
  emailField,
  loginIdField,
  passwordError,
  PERSON_NAME_MAX,
  pinError,
} from '@shared/fields';
import { appText } from '@shared/i18n/app';
import type { I18n } from '@shared/i18n/i18n';
import { localized, localizedRule } from '../../../lib/secret-form-schemas';

/** Required, at most PERSON_NAME_MAX characters after trimming (as requiredNameField in src/shared/fields.ts). */
const staffNameField = (i18n: I18n) =>
  z.string().superRefine((value, ctx) => {
    const trimmed = value.trim();
    const message =
      trimmed === ''
        ? appText(i18n, 'app.admin.staff.nameRequired')
        : trimmed.length > PERSON_NAME_MAX
          ? appText(i18n, 'app.admin.staff.tooLong', { limit: PERSON_NAME_MAX })
          : null;
    if (message !== null) ctx.addIssue({ code: 'custom', message });
  });

export const pinStaffFormSchema = (i18n: I18n) =>
  z
    .object({
      name: staffNameField(i18n),
      loginId: localized(i18n, loginIdField),
      pin: z.string(),
      confirmPin: z.string(),
    })
    .superRefine(
      confirmedSecret(
        'pin',
        'confirmPin',
        localizedRule(i18n, pinError),
        appText(i18n, 'app.admin.staff.pinsDoNotMatch'),
      ),
    );
export type PinStaffValues = z.infer<ReturnType<typeof pinStaffFormSchema>>;

export const passwordStaffFormSchema = (i18n: I18n) =>
  z
    .object({
      name: staffNameField(i18n),
      email: localized(i18n, emailField),
      password: z.string(),
      confirmPassword: z.string(),
    })
    .superRefine(
      confirmedSecret(
        'password',
        'confirmPassword',
        localizedRule(i18n, passwordError),
        appText(i18n, 'app.admin.staff.passwordsDoNotMatch'),
      ),
    );
export type PasswordStaffValues = z.infer<ReturnType<typeof passwordStaffFormSchema>>;

/** The edit dialog's details (issue 26): the login ID only for PIN staff, the language '' for the browser's. */
export const editStaffFormSchema = (i18n: I18n, hasLoginId: boolean) =>
  z.object({
    name: staffNameField(i18n),
    loginId: hasLoginId ? localized(i18n, loginIdField) : z.string(),
    language: z.string(),
  });
export type EditStaffValues = z.infer<ReturnType<typeof editStaffFormSchema>>;
