/**
 * Every error code the API answers with, in one place (issue 24): `{ error: { code, message, values? } }`. A client
 * words a refusal by its code (src/client/lib/server-messages.ts), never by matching the server's English text.
 * The server's own errors take an ErrorCode (http/errors.ts); Fastify's own 4xx are named by their FST_ERR_ code
 * without the prefix (the last group).
 */
export const ERROR_CODES = [
  // any route
  'bad_request',
  'unauthorized',
  'forbidden',
  'not_found',
  'conflict',
  'csrf',
  'rate_limited',
  'internal',
  'unavailable',
  // sign-in and accounts
  'invalid_credentials',
  'email_not_verified',
  'server_not_found',
  'pin_not_set',
  'invalid_pin',
  'locked',
  'throttled',
  'invalid_token',
  'invalid_email',
  'email_in_use',
  'name_required',
  'invalid_password',
  'invalid_login_id',
  'invalid_pin_format',
  'login_id_taken',
  'cannot_delete_self',
  'user_not_found',
  // staff managed in place (decisions 068, 069)
  'account_deactivated',
  'not_pin_account',
  'not_password_account',
  'staff_deactivated',
  'reset_mail_limit',
  // restaurants
  'restaurant_not_found',
  'restaurant_limit',
  'table_limit',
  'staff_limit',
  'last_restaurant',
  'slug_exhausted',
  'multipart_required',
  'invalid_upload',
  'logo_missing',
  'logo_not_image',
  'logo_too_large',
  'logo_too_many_pixels',
  // tables and staff
  'table_not_found',
  'table_number_exists',
  'number_required',
  'no_restaurant',
  'table_taken',
  'not_your_table',
  'staff_not_found',
  // requests
  'request_not_found',
  'request_taken',
  'request_completed',
  'request_dismissed',
  'invalid_cursor',
  'cooldown',
  'press_key_reused',
  // Web Push
  'push_service_not_allowed',
  'push_keys_invalid',
  'push_subscription_not_found',
  // Fastify's own refusals (http/errors.ts names them by their FST_ERR_ code)
  'validation',
  'ctp_invalid_media_type',
  'ctp_empty_json_body',
  'ctp_body_too_large',
  'ctp_invalid_content_length',
] as const;

export type ErrorCode = (typeof ERROR_CODES)[number];

const KNOWN: ReadonlySet<string> = new Set(ERROR_CODES);

export const isErrorCode = (code: string): code is ErrorCode => KNOWN.has(code);
