import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { messages as english } from '@shared/i18n/compiled/app/en';
import { messages as german } from '@shared/i18n/compiled/app/de';
import { messages as arabic } from '@shared/i18n/compiled/app/ar';
import { createI18n } from '@shared/i18n/i18n';
import { FLOOR_MSG } from '@shared/floor-messages';
import { MSG } from '@shared/messages';
import { getSession, pinLogin } from '@shared/api/auth';
import { ApiRequestError, call, setErrorWording } from './api-client';
import { MESSAGE_TEXTS } from '@shared/api/message-ids';
import { NETWORK_MESSAGE } from './api-client';
import { SERVER_TEXT_IDS, serverMessageText } from './server-messages';

const en = createI18n('en', english);
const de = createI18n('de', german);
const ar = createI18n('ar', arabic);

/** What the server names a text by (errors.ts `messageIdOf`): its key in the shared tables. */
const idOf = (message: string) =>
  Object.entries(MESSAGE_TEXTS).find(([, text]) => text === message)?.[0];

/** A refusal as the server sends it: with the id of its text when the text is a fixed one (decision 098). */
const refusal = (code: string, message: string, extra: Partial<ApiRequestError> = {}) =>
  new ApiRequestError({
    status: 409,
    code,
    message,
    messageId: idOf(message),
    fromServer: true,
    ...extra,
  });

/** Every `MSG.x` / `FLOOR_MSG.x` the server's code names, with its English words when they are fixed. */
function fixedTextsTheServerSends(): Map<string, string> {
  const root = path.resolve(import.meta.dirname, '../..');
  const files = [
    ...fs
      .readdirSync(path.join(root, 'server'), { recursive: true, encoding: 'utf8' })
      .map((f) => path.join(root, 'server', f)),
    path.join(root, 'shared/schemas.ts'),
    path.join(root, 'shared/fields.ts'),
  ].filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts'));
  const tables: Record<string, Record<string, unknown>> = { MSG, FLOOR_MSG };
  const found = new Map<string, string>();
  for (const file of files) {
    for (const [, table, key] of fs
      .readFileSync(file, 'utf8')
      .matchAll(/\b(MSG|FLOOR_MSG)\.(\w+)\b(?!\s*\()/g)) {
      const text = tables[table!]![key!];
      if (typeof text === 'string') found.set(`${table}.${key}`, text);
    }
  }
  return found;
}

describe('the server’s refusals in the reader’s language (issue 15, decision 050)', () => {
  it('know every fixed text the server sends', () => {
    const sent = fixedTextsTheServerSends();
    // Guest-page and push texts are worded by their own screens, not by the staff app's error toasts.
    const elsewhere = new Set([
      'MSG.guestServiceUnavailable',
      'MSG.tableNotFoundBody',
      'MSG.guestSendFailed',
      'MSG.guestSomeoneOnTheWay',
      'MSG.guestWaiting',
      'MSG.guestRequestDone',
      // The guest press's Idempotency-Key refusals (decision 056): only the guest page sends that header.
      'MSG.pressKeyInvalid',
      'MSG.pressKeyReused',
      // Remote presses (decisions 088, 089): only the guest page presses, and words these by code.
      'MSG.restaurantClosed',
      'MSG.restaurantBusy',
      'MSG.pressBlocked',
      'MSG.tableCodeReplaced',
      'MSG.deviceIdInvalid',
      // A guest's note, cancel and bill method (decisions 070, 071): only the guest page sends them, and words the
      // refusals by code in the guest's language.
      'MSG.noteTooLong',
      'MSG.noteInvalid',
      'MSG.notYourRequest',
      'MSG.cancelTooLate',
      'MSG.requestClosed',
      'MSG.notABill',
      // "Did you get what you needed?" and the rating (decisions 082, 083): the guest page's own, worded by code.
      'MSG.commentTooLong',
      'MSG.commentInvalid',
      'MSG.feedbackGiven',
      'MSG.requestNotDone',
      'MSG.feedbackExpired',
      'MSG.notABillRating',
      // A press of a button the restaurant hid or deleted (decision 087): the guest page words it by code.
      'MSG.requestTypeUnavailable',
      'MSG.verificationSent',
      'MSG.emailVerified',
    ]);
    expect(sent.size).toBeGreaterThan(30);
    const missing = [...sent]
      .filter(
        ([name]) =>
          !elsewhere.has(name) &&
          SERVER_TEXT_IDS[name.replace(/^\w+\./, '') as keyof typeof SERVER_TEXT_IDS] === undefined,
      )
      .map(([name]) => name);
    expect(missing).toEqual([]);
  });

  it('show SPEC’s English words verbatim in English', () => {
    for (const [messageId, id] of Object.entries(SERVER_TEXT_IDS)) {
      const text =
        messageId === 'network'
          ? NETWORK_MESSAGE
          : MESSAGE_TEXTS[messageId as keyof typeof MESSAGE_TEXTS];
      expect(en._(id), id).toBe(text);
    }
  });

  it('word a refusal by its id, never by matching its English words (decision 098)', () => {
    const byWords = new ApiRequestError({
      status: 401,
      code: 'unauthorized',
      message: MSG.incorrectPin,
      fromServer: true,
    });
    expect(serverMessageText(de, byWords)).toBe(MSG.incorrectPin);
    expect(serverMessageText(de, refusal('unauthorized', MSG.incorrectPin))).toBe(
      de._('app.error.incorrectPin'),
    );
  });

  it('word a fixed text in German and Arabic', () => {
    expect(serverMessageText(de, refusal('unauthorized', MSG.incorrectPin))).toBe(
      de._('app.error.incorrectPin'),
    );
    expect(de._('app.error.incorrectPin')).not.toBe(MSG.incorrectPin);
    expect(serverMessageText(ar, refusal('not_found', MSG.tableNotFound))).toMatch(
      /[\u0600-\u06ff]/,
    );
  });

  it('word a text with a value from the values the error carries', () => {
    const taken = refusal('request_taken', FLOOR_MSG.requestTakenBy('Ana'), {
      values: { name: 'Ana' },
    });
    expect(serverMessageText(en, taken)).toBe('Ana is already on it.');
    expect(serverMessageText(de, taken)).toContain('Ana');
    expect(serverMessageText(de, taken)).not.toBe('Ana is already on it.');

    const limit = refusal('restaurant_limit', MSG.restaurantLimit(20), { values: { max: 20 } });
    expect(serverMessageText(en, limit)).toBe(MSG.restaurantLimit(20));
    const tableLimit = refusal('table_limit', MSG.tableLimit(500), { values: { max: 500 } });
    expect(serverMessageText(en, tableLimit)).toBe(MSG.tableLimit(500));
    expect(serverMessageText(de, tableLimit)).toContain('500 Tische');
    const staffLimit = refusal('staff_limit', MSG.staffLimit(1), { values: { max: 1 } });
    expect(serverMessageText(en, staffLimit)).toBe(MSG.staffLimit(1));

    const locked = refusal('locked', 'Too many failed sign-in attempts. Try again in 15 minutes.', {
      retryAfterSeconds: 14 * 60 + 1,
    });
    expect(serverMessageText(en, locked)).toBe(locked.message);
    expect(serverMessageText(de, locked)).toContain('15');
    const slow = refusal('throttled', 'Too many failed sign-in attempts. Try again in 1 second.', {
      retryAfterSeconds: 1,
    });
    expect(serverMessageText(en, slow)).toBe(slow.message);
  });

  it('leave a text it does not know as the server sent it', () => {
    expect(serverMessageText(de, refusal('new_rule', 'A rule of a newer server.'))).toBe(
      'A rule of a newer server.',
    );
    expect(serverMessageText(de, refusal('request_taken', 'Somebody is on it.'))).toBe(
      'Somebody is on it.',
    );
  });
});

describe('setErrorWording', () => {
  afterEach(() => {
    setErrorWording((error) => error.message);
    vi.unstubAllGlobals();
  });

  it('words every error the api raises from then on', async () => {
    setErrorWording((error) => serverMessageText(de, error));
    vi.stubGlobal(
      'fetch',
      vi.fn(() =>
        Promise.resolve(
          Response.json(
            {
              error: { code: 'unauthorized', message: MSG.incorrectPin, messageId: 'incorrectPin' },
            },
            { status: 401 },
          ),
        ),
      ),
    );
    const failure = await call(pinLogin, { body: { loginId: 'x', pin: '1' } }).catch(
      (error: unknown) => error,
    );
    expect(failure).toBeInstanceOf(ApiRequestError);
    expect((failure as ApiRequestError).message).toBe(de._('app.error.incorrectPin'));
    expect((failure as ApiRequestError).code).toBe('unauthorized');

    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.reject(new TypeError('offline'))),
    );
    const offline = await call(getSession).catch((e: unknown) => e);
    expect((offline as ApiRequestError).message).toBe(de._('app.error.network'));
  });
});
