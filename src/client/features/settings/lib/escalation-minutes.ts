import { ESCALATE_MINUTES_MAX, ESCALATE_MINUTES_MIN } from '@shared/constants';
import { updateRestaurantBodySchema } from '@shared/schemas';

export const ESCALATE_MINUTES_FORMAT = `Enter a whole number of minutes from ${ESCALATE_MINUTES_MIN} to ${ESCALATE_MINUTES_MAX}`;

/**
 * The escalation field's text as the API wants it: a whole number of minutes, 1–60, checked with the very schema
 * the server applies (the one contract), so the form never sends what the server would refuse. `message` is the
 * refusal's text in the screen's language (English by default).
 */
export function parseEscalateMinutes(
  input: string,
  message: string = ESCALATE_MINUTES_FORMAT,
): { ok: true; value: number } | { ok: false; message: string } {
  const text = input.trim();
  if (!/^\d+$/.test(text)) return { ok: false, message };
  const value = Number(text);
  return updateRestaurantBodySchema.shape.escalateAfterMinutes.safeParse(value).success
    ? { ok: true, value }
    : { ok: false, message };
}
