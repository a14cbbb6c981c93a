/** SPEC §8 PIN login: the server's codes whose messages are the SPEC texts; anything else is 'Login failed'. */
export const PIN_LOGIN_ERROR_CODES: ReadonlySet<string> = new Set([
  'server_not_found',
  'pin_not_set',
  'invalid_pin',
  'locked',
  'throttled',
  // Decision 068: said only after the right PIN.
  'account_deactivated',
]);

/** SPEC §8 admin login: codes whose messages are shown as they are. */
export const EMAIL_LOGIN_ERROR_CODES: ReadonlySet<string> = new Set([
  'invalid_credentials',
  'locked',
  'throttled',
  // Decision 068: said only after the right password.
  'account_deactivated',
]);
