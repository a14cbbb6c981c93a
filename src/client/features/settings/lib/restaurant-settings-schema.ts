import { z } from 'zod';
import { requiredNameField } from '@shared/fields';
import {
  ESCALATE_MINUTES_MAX,
  ESCALATE_MINUTES_MIN,
  RECEIPT_TIMEOUT_SECONDS_MAX,
  RECEIPT_TIMEOUT_SECONDS_MIN,
  REMINDER_MINUTES_MAX,
  REMINDER_MINUTES_MIN,
  RESTAURANT_NAME_MAX,
} from '@shared/constants';
import { appText } from '@shared/i18n/app';
import type { I18n } from '@shared/i18n/i18n';
import { HEX_COLOR } from '@shared/rules';
import { LOCALES } from '@shared/i18n/locales';
import { timeZoneSchema, updateRestaurantBodySchema } from '@shared/schemas';
import { parseEscalateMinutes } from './escalation-minutes';

/**
 * The restaurant's settings form as typed (branding, service, time zone and guest language, saved together:
 * decision 084), its messages in the screen's language (issue 15); each rule is the one the server
 * applies to the same field (the one contract). The colour and URL texts are not quoted by SPEC.
 */
export function restaurantSettingsSchema(i18n: I18n) {
  const colorFormat = appText(i18n, 'app.settings.colorFormat');
  const minutesFormat = appText(i18n, 'app.settings.escalateFormat', {
    min: ESCALATE_MINUTES_MIN,
    max: ESCALATE_MINUTES_MAX,
  });
  // Decision 097: a service timer is whole minutes within the server's bounds, or empty (off).
  const reminderMinutes = z.string().refine(
    (text) =>
      text.trim() === '' ||
      (/^\d+$/.test(text.trim()) &&
        updateRestaurantBodySchema.shape.orderReminderMinutes.safeParse(Number(text.trim()))
          .success),
    appText(i18n, 'app.settings.reminderFormat', {
      min: REMINDER_MINUTES_MIN,
      max: REMINDER_MINUTES_MAX,
    }),
  );
  return z.object({
    name: requiredNameField(appText(i18n, 'app.settings.nameRequired'), RESTAURANT_NAME_MAX),
    reviewUrl: z
      .string()
      .refine(
        (url) => updateRestaurantBodySchema.shape.reviewUrl.safeParse(url.trim()).success,
        appText(i18n, 'app.settings.urlFormat'),
      ),
    primaryColor: z.string().regex(HEX_COLOR, colorFormat),
    secondaryColor: z.string().regex(HEX_COLOR, colorFormat),
    escalateAfterMinutes: z.string().superRefine((text, ctx) => {
      const minutes = parseEscalateMinutes(text, minutesFormat);
      if (!minutes.ok) ctx.addIssue({ code: 'custom', message: minutes.message });
    }),
    // Decision 091: whole seconds within the server's bounds.
    receiptTimeoutSeconds: z.string().refine(
      (text) =>
        /^\d+$/.test(text.trim()) &&
        updateRestaurantBodySchema.shape.receiptTimeoutSeconds.safeParse(Number(text.trim()))
          .success,
      appText(i18n, 'app.settings.receiptTimeoutFormat', {
        min: RECEIPT_TIMEOUT_SECONDS_MIN,
        max: RECEIPT_TIMEOUT_SECONDS_MAX,
      }),
    ),
    pagerRepeat: z.boolean(),
    orderReminderMinutes: reminderMinutes,
    billReminderMinutes: reminderMinutes,
    visitCloseAfterBillMinutes: reminderMinutes,
    showServerNames: z.boolean(),
    timeZone: z.string().pipe(timeZoneSchema),
    guestLanguage: z.enum(LOCALES),
  });
}
export type RestaurantSettingsValues = z.infer<ReturnType<typeof restaurantSettingsSchema>>;

/** A service timer's field as the API takes it (decision 097): empty is null, off. */
export const reminderMinutesOf = (text: string): number | null =>
  text.trim() === '' ? null : Number(text.trim());
