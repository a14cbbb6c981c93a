/**
 * Form schemas built from the shared field rules (src/shared/fields.ts) that the server applies too, their English
 * texts shown in the screen's language (issue 15): the staff forms' helpers, and the new-secret forms that several
 * features use (the owner's PIN reset, a server's own PIN change, the password reset page).
 */
import { z } from 'zod';
import { confirmedSecret, NAME_REQUIRED, passwordError, pinError } from '@shared/fields';
import { appText } from '@shared/i18n/app';
import type { AppMessageId } from '@shared/i18n/compiled/app';
import type { I18n } from '@shared/i18n/i18n';
import { MSG } from '@shared/messages';

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
export function localized(i18n: I18n, field: z.ZodType<string>) {
  return z.string().superRefine((value, ctx) => {
    const result = field.safeParse(value);
    if (!result.success)
      for (const issue of result.error.issues)
        ctx.addIssue({ code: 'custom', message: ruleText(i18n, issue.message) });
  });
}

/** A shared secret rule (PIN, password) whose texts are translated. */
export function localizedRule(
  i18n: I18n,
  rule: (secret: string, confirmation?: string) => string | null,
) {
  return (secret: string, confirmation: string) => {
    const message = rule(secret, confirmation);
    return message === null ? null : ruleText(i18n, message);
  };
}

/** A new PIN typed twice: the owner's reset and the server's own change share the rule (src/shared/fields.ts). */
export const newPinFormSchema = (i18n: I18n) =>
  z
    .object({ pin: z.string(), confirmPin: z.string() })
    .superRefine(
      confirmedSecret(
        'pin',
        'confirmPin',
        localizedRule(i18n, pinError),
        appText(i18n, 'app.admin.staff.pinsDoNotMatch'),
      ),
    );
export type NewPinValues = z.infer<ReturnType<typeof newPinFormSchema>>;

/** A new password typed twice (the reset page). */
export const newPasswordFormSchema = (i18n: I18n) =>
  z
    .object({ password: z.string(), confirmPassword: z.string() })
    .superRefine(
      confirmedSecret(
        'password',
        'confirmPassword',
        localizedRule(i18n, passwordError),
        appText(i18n, 'app.admin.staff.passwordsDoNotMatch'),
      ),
    );
export type NewPasswordValues = z.infer<ReturnType<typeof newPasswordFormSchema>>;
