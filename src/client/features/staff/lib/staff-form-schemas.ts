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
  NAME_REQUIRED,
  passwordError,
  PERSON_NAME_MAX,
  pinError,
} from '../../../../shared/fields';
import { appText } from '../../../../shared/i18n/app';
import type { AppMessageId } from '../../../../shared/i18n/compiled/app';
import type { I18n } from '../../../../shared/i18n/i18n';
import { MSG } from '../../../../shared/messages';

/** The shared rules' English texts, by the catalogue key of the same text. */
const RULE_TEXTS: Record<string, AppMessageId> = {
  [NAME_REQUIRED]: 'app.admin.staff.nameRequired',
  [MSG.loginIdMin]: 'app.admin.staff.loginIdMin',
  [MSG.loginIdCharacters]: 'app.admin.staff.loginIdCharacters',
  [MSG.pinRule]: 'app.admin.staff.pinRule',
  [MSG.pinsDoNotMatch]: 'app.admin.staff.pinsDoNotMatch',
  [MSG.passwordRule]: 'app.admin.staff.passwordRule',
  [MSG.passwordsDoNotMatch]: 'app.admin.staff.passwordsDoNotMatch',
  [MSG.emailRequired]: 'app.admin.staff.emailRequired',
  [MSG.invalidEmail]: 'app.admin.staff.invalidEmail',
};

/** A shared rule's text in the screen's language (a text it does not know stays as it is). */
function ruleText(i18n: I18n, message: string): string {
  const id = RULE_TEXTS[message];
  return id === undefined ? message : appText(i18n, id);
}

/** A shared field schema whose error texts are translated. */
function localized(i18n: I18n, field: z.ZodType<string>) {
  return z.string().superRefine((value, ctx) => {
    const result = field.safeParse(value);
    if (!result.success)
      for (const issue of result.error.issues)
        ctx.addIssue({ code: 'custom', message: ruleText(i18n, issue.message) });
  });
}

/** A shared secret rule (PIN, password) whose texts are translated. */
function localizedRule(i18n: I18n, rule: (secret: string, confirmation?: string) => string | null) {
  return (secret: string, confirmation: string) => {
    const message = rule(secret, confirmation);
    return message === null ? null : ruleText(i18n, message);
  };
}

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
