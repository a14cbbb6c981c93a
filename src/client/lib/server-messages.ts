/**
 * The server's refusals in the reader's language (issue 15, docs/decisions/050 and 098). The server words every
 * refusal in English — SPEC.md's texts, which API clients, logs and tests read — and names a fixed text by its id
 * (`messageId`, the key of its text in src/shared/messages.ts). The staff screens show them through the app
 * catalogue: a fixed text by its id, a text that holds a value (a name, a count) by its code and the values the
 * error carries; never by matching the English words. A text this table does not know (a future server's) is
 * shown as the server sent it.
 */
import type { MessageId } from '@shared/api/message-ids';
import { appTableLabel, appText } from '@shared/i18n/app';
import type { AppMessageId } from '@shared/i18n/compiled/app';
import type { I18n } from '@shared/i18n/i18n';
import { NETWORK_MESSAGE_ID, type ApiRequestError } from './api-client';

/** Fixed texts, by the id the server names them with (decision 098), and the client's own network failure. */
export const SERVER_TEXT_IDS: Readonly<
  Partial<Record<MessageId | typeof NETWORK_MESSAGE_ID, AppMessageId>>
> = {
  restaurantNameRequired: 'app.console.restaurantNameRequired',
  webhookUrlRefused: 'app.settings.integrations.urlRefusedRule',
  tokenScopeRefused: 'app.settings.integrations.tokenScopeRefused',
  tokenNotFound: 'app.settings.integrations.tokenNotFound',
  tokenLimit: 'app.settings.integrations.tokenLimit',
  webhookNotFound: 'app.settings.integrations.webhookNotFound',
  webhookLimit: 'app.settings.integrations.webhookLimit',
  deliveryNotFound: 'app.settings.integrations.deliveryNotFound',
  createRestaurantFailed: 'app.console.createRestaurantFailed',
  lastRestaurant: 'app.settings.lastRestaurant',
  tableNumberRequired: 'app.admin.tables.numberRequired',
  noRestaurantSelected: 'app.admin.tables.noRestaurant',
  tableNumberExists: 'app.admin.tables.numberExists',
  pinsDoNotMatch: 'app.admin.staff.pinsDoNotMatch',
  pinRule: 'app.admin.staff.pinRule',
  loginIdMin: 'app.admin.staff.loginIdMin',
  loginIdCharacters: 'app.admin.staff.loginIdCharacters',
  passwordsDoNotMatch: 'app.admin.staff.passwordsDoNotMatch',
  passwordRule: 'app.admin.staff.passwordRule',
  emailRequired: 'app.admin.staff.emailRequired',
  invalidEmail: 'app.admin.staff.invalidEmail',
  loginIdTaken: 'app.admin.staff.loginIdTaken',
  noLoginIdSuggestions: 'app.admin.staff.noSuggestions',
  emailInUse: 'app.admin.staff.emailInUse',
  settingsNameRequired: 'app.settings.nameRequired',
  logoNotImage: 'app.settings.logoNotImage',
  logoTooLarge: 'app.settings.logoTooLarge',
  restaurantNotFound: 'app.settings.restaurantNotFound',
  verificationLinkInvalid: 'app.settings.verify.invalid',
  cannotDeleteSelf: 'app.admin.super.cannotDeleteSelf',
  notSignedIn: 'app.console.notSignedIn',
  internalError: 'app.settings.auth.internalError',
  verifyEmailFirst: 'app.error.verifyEmailFirst',
  logoTooManyPixels: 'app.error.logoTooManyPixels',
  loginIdNotFound: 'app.error.loginIdNotFound',
  pinNotConfigured: 'app.error.pinNotConfigured',
  incorrectPin: 'app.error.incorrectPin',
  invalidCredentials: 'app.error.invalidCredentials',
  profileNotFound: 'app.error.profileNotFound',
  forbidden: 'app.error.forbidden',
  notFound: 'app.error.notFound',
  boardNameRequired: 'app.board.nameRequired',
  boardCodeInvalid: 'app.board.codeInvalid',
  boardNotFound: 'app.board.notFound',
  boardNotPaired: 'app.board.notPaired',
  badRequest: 'app.error.badRequest',
  controlCharacters: 'app.error.controlCharacters',
  tooManyRequests: 'app.error.tooManyRequests',
  serviceUnavailable: 'app.error.serviceUnavailable',
  onlyServersAssign: 'app.error.onlyServersAssign',
  tableAssignedToOther: 'app.error.tableAssignedToOther',
  notYourTable: 'app.error.notYourTable',
  requestNotFound: 'app.error.requestNotFound',
  tableNotFound: 'app.error.tableNotFound',
  blockNotFound: 'app.settings.blocks.notFound',
  userNotFound: 'app.error.userNotFound',
  staffNotFound: 'app.error.staffNotFound',
  timeZoneInvalid: 'app.error.timeZoneInvalid',
  languageInvalid: 'app.error.languageInvalid',
  pushEndpointInvalid: 'app.error.pushEndpointInvalid',
  pushServiceNotAllowed: 'app.error.pushServiceNotAllowed',
  pushSubscriptionNotFound: 'app.error.pushSubscriptionNotFound',
  bodyTooLarge: 'app.error.bodyTooLarge',
  unsupportedContentType: 'app.error.unsupportedContentType',
  crossSiteRefused: 'app.error.crossSiteRefused',
  jsonRequired: 'app.error.jsonRequired',
  nameRequired: 'app.error.nameRequired',
  requestTakenBySomeone: 'app.error.requestTakenBySomeone',
  requestAlreadyCompleted: 'app.error.requestAlreadyCompleted',
  requestAlreadyDismissed: 'app.error.requestAlreadyDismissed',
  accountDeactivated: 'app.error.accountDeactivated',
  notPinAccount: 'app.error.notPinAccount',
  notPasswordAccount: 'app.error.notPasswordAccount',
  staffDeactivated: 'app.error.staffDeactivated',
  resetMailTooSoon: 'app.error.resetMailTooSoon',
  resetLinkInvalid: 'app.auth.reset.invalid',
  staffChangeEmpty: 'app.error.staffChangeEmpty',
  requestCancelledByGuest: 'app.error.requestCancelledByGuest',
  sectionNotFound: 'app.admin.sections.notFound',
  sectionNameRequired: 'app.admin.sections.nameRequired',
  sectionNameExists: 'app.admin.sections.nameExists',
  shiftAlreadyOpen: 'app.shifts.alreadyOpen',
  notOnDuty: 'app.shifts.notOnDuty',
  shiftNotFound: 'app.shifts.shiftNotFound',
  shiftEnded: 'app.shifts.shiftEnded',
  colleagueNotOnDuty: 'app.shifts.colleagueNotOnDuty',
  handoverToSelf: 'app.shifts.toSelf',
  handoverNotFound: 'app.shifts.handoverNotFound',
  handoverClosed: 'app.shifts.handoverClosed',
  handoverPending: 'app.shifts.handoverPending',
  tableAlreadySeated: 'app.visits.alreadySeated',
  tableAlreadyClear: 'app.visits.alreadyClear',
  // The restaurant's own buttons (decision 087)
  buttonLabelRequired: 'app.buttons.error.labelRequired',
  buttonLabelTooLong: 'app.buttons.error.labelTooLong',
  buttonLabelInvalid: 'app.buttons.error.labelInvalid',
  buttonIconInvalid: 'app.buttons.error.iconInvalid',
  buttonsTooMany: 'app.buttons.error.tooMany',
  buttonsNoneEnabled: 'app.buttons.error.noneEnabled',
  buttonsExhausted: 'app.buttons.error.exhausted',
  buttonNotFound: 'app.buttons.error.notFound',
  [NETWORK_MESSAGE_ID]: 'app.error.network',
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
    case 'shift_holds_work': {
      // Decision 094: what the server still holds, named (the tables as written, decision 064).
      const { tables, tableCount, requestCount } = error.values;
      if (typeof tableCount !== 'number' || typeof requestCount !== 'number') return null;
      const labels = typeof tables === 'string' && tables !== '' ? tables.split('\n') : [];
      return appText(i18n, 'app.shifts.holdsWork', {
        tables: labels.map((n) => appTableLabel(i18n, n)).join(', '),
        tableCount,
        requestCount,
      });
    }
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
  const id =
    error.messageId === undefined
      ? undefined
      : SERVER_TEXT_IDS[error.messageId as keyof typeof SERVER_TEXT_IDS];
  if (id !== undefined) return appText(i18n, id);
  return withValues(i18n, error) ?? error.message;
}
