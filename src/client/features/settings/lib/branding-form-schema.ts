import { z } from 'zod';
import { RESTAURANT_NAME_MAX } from '../../../../shared/constants';
import { requiredNameField } from '../../../../shared/fields';
import { MSG } from '../../../../shared/messages';
import { HEX_COLOR } from '../../../../shared/rules';
import { updateRestaurantBodySchema } from '../../../../shared/schemas';
import { parseEscalateMinutes } from './escalation-minutes';

// Not quoted by SPEC (§5 gives the rules, not these texts).
const COLOR_FORMAT = 'Enter a colour as #RRGGBB, e.g. #1E40AF';
const URL_FORMAT = 'Enter a full web address starting with https:// (or leave it empty)';

/** The branding form as typed; each rule is the one the server applies to the same field (the one contract). */
export const brandingFormSchema = z.object({
  name: requiredNameField(MSG.settingsNameRequired, RESTAURANT_NAME_MAX),
  reviewUrl: z
    .string()
    .refine(
      (url) => updateRestaurantBodySchema.shape.reviewUrl.safeParse(url.trim()).success,
      URL_FORMAT,
    ),
  primaryColor: z.string().regex(HEX_COLOR, COLOR_FORMAT),
  secondaryColor: z.string().regex(HEX_COLOR, COLOR_FORMAT),
  escalateAfterMinutes: z.string().superRefine((text, ctx) => {
    const minutes = parseEscalateMinutes(text);
    if (!minutes.ok) ctx.addIssue({ code: 'custom', message: minutes.message });
  }),
  showServerNames: z.boolean(),
});
export type BrandingValues = z.infer<typeof brandingFormSchema>;
export const BRANDING_FIELDS = [
  'name',
  'reviewUrl',
  'primaryColor',
  'secondaryColor',
  'escalateAfterMinutes',
] as const;
