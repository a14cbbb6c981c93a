/**
 * The one text of MSG (messages.ts) the guest page's code needs — api-client's fallback — in a module of its own:
 * a module is bundled whole, so importing it from messages.ts would bring the whole English MSG to the guest's
 * phone, whose texts are in the catalogue (issue 15, docs/decisions/042).
 */
export const INTERNAL_ERROR = 'Something went wrong on our side. Please try again.';
