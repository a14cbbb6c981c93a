/**
 * The server's refusals in the reader's language (issue 15, docs/decisions/050). The server words every refusal in
 * English — SPEC.md's texts, which API clients, logs and tests read — and both sides take those words from
 * src/shared/messages.ts. The staff screens show them through the app catalogue: a fixed text by its English
 * words, a text that holds a value (a name, a count) by its code and the values the error carries. A text this
 * table does not know (a future server's) is shown as the server sent it.
 */
import { FLOOR_MSG } from '@shared/floor-messages';
import { appText } from '@shared/i18n/app';
import type { AppMessageId } from '@shared/i18n/compiled/app';
import type { I18n } from '@shared/i18n/i18n';
import { NAME_REQUIRED } from '@shared/fields';
import { MSG } from '@shared/messages';
import { NETWORK_MESSAGE, type ApiRequestError } from './api-client';

/** Fixed texts, by the English words the server sends. */
export const SERVER_TEXT_IDS: Readonly<Record<string, AppMessageId>> = {
  [MSG.restaurantNameRequired]: 'app.console.restaurantNameRequired',
  [MSG.webhookUrlRefused]: 'app.settings.integrations.urlRefusedRule',
  [MSG.tokenScopeRefused]: 'app.settings.integrations.tokenScopeRefused',
  [MSG.tokenNotFound]: 'app.settings.integrations.tokenNotFound',
  [MSG.tokenLimit]: 'app.settings.integrations.tokenLimit',
  [MSG.webhookNotFound]: 'app.settings.integrations.webhookNotFound',
  [MSG.webhookLimit]: 'app.settings.integrations.webhookLimit',
  [MSG.deliveryNotFound]: 'app.settings.integrations.deliveryNotFound',
  [MSG.createRestaurantFailed]: 'app.console.createRestaurantFailed',
  [MSG.lastRestaurant]: 'app.settings.lastRestaurant',
  [MSG.tableNumberRequired]: 'app.admin.tables.numberRequired',
  [MSG.noRestaurantSelected]: 'app.admin.tables.noRestaurant',
  [MSG.tableNumberExists]: 'app.admin.tables.numberExists',
  [MSG.pinsDoNotMatch]: 'app.admin.staff.pinsDoNotMatch',
  [MSG.pinRule]: 'app.admin.staff.pinRule',
  [MSG.loginIdMin]: 'app.admin.staff.loginIdMin',
  [MSG.loginIdCharacters]: 'app.admin.staff.loginIdCharacters',
  [MSG.passwordsDoNotMatch]: 'app.admin.staff.passwordsDoNotMatch',
  [MSG.passwordRule]: 'app.admin.staff.passwordRule',
  [MSG.emailRequired]: 'app.admin.staff.emailRequired',
  [MSG.invalidEmail]: 'app.admin.staff.invalidEmail',
  [MSG.loginIdTaken]: 'app.admin.staff.loginIdTaken',
  [MSG.noLoginIdSuggestions]: 'app.admin.staff.noSuggestions',
  [MSG.emailInUse]: 'app.admin.staff.emailInUse',
  [MSG.settingsNameRequired]: 'app.settings.nameRequired',
  [MSG.logoNotImage]: 'app.settings.logoNotImage',
  [MSG.logoTooLarge]: 'app.settings.logoTooLarge',
  [MSG.restaurantNotFound]: 'app.settings.restaurantNotFound',
  [MSG.verificationLinkInvalid]: 'app.settings.verify.invalid',
  [MSG.cannotDeleteSelf]: 'app.admin.super.cannotDeleteSelf',
  [MSG.notSignedIn]: 'app.console.notSignedIn',
  [MSG.internalError]: 'app.settings.auth.internalError',
  [MSG.verifyEmailFirst]: 'app.error.verifyEmailFirst',
  [MSG.logoTooManyPixels]: 'app.error.logoTooManyPixels',
  [MSG.loginIdNotFound]: 'app.error.loginIdNotFound',
  [MSG.pinNotConfigured]: 'app.error.pinNotConfigured',
  [MSG.incorrectPin]: 'app.error.incorrectPin',
  [MSG.invalidCredentials]: 'app.error.invalidCredentials',
  [MSG.profileNotFound]: 'app.error.profileNotFound',
  [MSG.forbidden]: 'app.error.forbidden',
  [MSG.notFound]: 'app.error.notFound',
  [MSG.boardNameRequired]: 'app.board.nameRequired',
  [MSG.boardCodeInvalid]: 'app.board.codeInvalid',
  // The restaurant's own buttons (decision 087)
  [MSG.buttonLabelRequired]: 'app.buttons.error.labelRequired',
  [MSG.buttonLabelTooLong]: 'app.buttons.error.labelTooLong',
  [MSG.buttonLabelInvalid]: 'app.buttons.error.labelInvalid',
  [MSG.buttonIconInvalid]: 'app.buttons.error.iconInvalid',
  [MSG.buttonsTooMany]: 'app.buttons.error.tooMany',
  [MSG.buttonsNoneEnabled]: 'app.buttons.error.noneEnabled',
  [MSG.buttonsExhausted]: 'app.buttons.error.exhausted',
  [MSG.buttonNotFound]: 'app.buttons.error.notFound',
  [MSG.boardNotFound]: 'app.board.notFound',
  [MSG.boardNotPaired]: 'app.board.notPaired',
  [MSG.badRequest]: 'app.error.badRequest',
  [MSG.controlCharacters]: 'app.error.controlCharacters',
  [MSG.tooManyRequests]: 'app.error.tooManyRequests',
  [MSG.serviceUnavailable]: 'app.error.serviceUnavailable',
  [MSG.onlyServersAssign]: 'app.error.onlyServersAssign',
  [MSG.tableAssignedToOther]: 'app.error.tableAssignedToOther',
  [MSG.notYourTable]: 'app.error.notYourTable',
  [MSG.requestNotFound]: 'app.error.requestNotFound',
  [MSG.tableNotFound]: 'app.error.tableNotFound',
  [MSG.userNotFound]: 'app.error.userNotFound',
  [MSG.staffNotFound]: 'app.error.staffNotFound',
  [MSG.timeZoneInvalid]: 'app.error.timeZoneInvalid',
  [MSG.languageInvalid]: 'app.error.languageInvalid',
  [MSG.pushEndpointInvalid]: 'app.error.pushEndpointInvalid',
  [MSG.pushServiceNotAllowed]: 'app.error.pushServiceNotAllowed',
  [MSG.pushSubscriptionNotFound]: 'app.error.pushSubscriptionNotFound',
  [MSG.bodyTooLarge]: 'app.error.bodyTooLarge',
  [MSG.unsupportedContentType]: 'app.error.unsupportedContentType',
  [MSG.crossSiteRefused]: 'app.error.crossSiteRefused',
  [MSG.jsonRequired]: 'app.error.jsonRequired',
  [NAME_REQUIRED]: 'app.error.nameRequired',
  [FLOOR_MSG.requestTakenBySomeone]: 'app.error.requestTakenBySomeone',
  [FLOOR_MSG.requestAlreadyCompleted]: 'app.error.requestAlreadyCompleted',
  [FLOOR_MSG.requestAlreadyDismissed]: 'app.error.requestAlreadyDismissed',
  [MSG.accountDeactivated]: 'app.error.accountDeactivated',
  [MSG.notPinAccount]: 'app.error.notPinAccount',
  [MSG.notPasswordAccount]: 'app.error.notPasswordAccount',
  [MSG.staffDeactivated]: 'app.error.staffDeactivated',
  [MSG.resetMailTooSoon]: 'app.error.resetMailTooSoon',
  [MSG.resetLinkInvalid]: 'app.auth.reset.invalid',
  [MSG.staffChangeEmpty]: 'app.error.staffChangeEmpty',
  [FLOOR_MSG.requestCancelledByGuest]: 'app.error.requestCancelledByGuest',
  [MSG.sectionNotFound]: 'app.admin.sections.notFound',
  [MSG.sectionNameRequired]: 'app.admin.sections.nameRequired',
  [MSG.sectionNameExists]: 'app.admin.sections.nameExists',
  [NETWORK_MESSAGE]: 'app.error.network',
};

/** Texts with a value in them, by the error's code: the values come with the error. */
function withValues(i18n: I18n, error: ApiRequestError): string | null {
  const { name, max } = error.values;
  const seconds = error.retryAfterSeconds;
  switch (error.code) {
    case 'request_taken':
      return typeof name === 'string' ? appText(i18n, 'app.error.requestTakenBy', { name }) : null;
    case 'restaurant_limit':
      return typeof max === 'number' ? appText(i18n, 'app.error.restaurantLimit', { max }) : null;
    case 'board_limit':
      return typeof max === 'number' ? appText(i18n, 'app.board.limit', { max }) : null;
    case 'table_limit':
      return typeof max === 'number' ? appText(i18n, 'app.error.tableLimit', { max }) : null;
    case 'section_limit':
      return typeof max === 'number' ? appText(i18n, 'app.admin.sections.limit', { max }) : null;
    case 'staff_limit':
      return typeof max === 'number' ? appText(i18n, 'app.error.staffLimit', { max }) : null;
    case 'locked':
      return seconds === undefined
        ? null
        : appText(i18n, 'app.error.signInLocked', { minutes: Math.ceil(seconds / 60) });
    case 'throttled':
      return seconds === undefined ? null : appText(i18n, 'app.error.signInSlowDown', { seconds });
    default:
      return null;
  }
}

/** `error`'s message in `i18n`'s language; the server's own words when the catalogue has no text for it. */
export function serverMessageText(i18n: I18n, error: ApiRequestError): string {
  const id = SERVER_TEXT_IDS[error.message];
  if (id !== undefined) return appText(i18n, id);
  return withValues(i18n, error) ?? error.message;
}
