/**
 * What the generated document learns from the endpoint table beyond the schemas (issue 24 item 2, decision 074):
 * every operation's error responses (the shared error shape, its codes by status), its security (the session cookie
 * with the Origin rule, or none for public routes), the multipart logo upload, binary answers, response
 * descriptions, and the tags with their descriptions. @fastify/swagger builds paths and schemas from the routes;
 * this runs over its result (transformObject), so the runtime schemas stay exactly those the routes declare.
 */
import { z } from 'zod';
import { BOARD_COOKIE, SESSION_COOKIE } from '@shared/constants';
import { endpoints } from '@shared/api';
import { ERROR_STATUS, type ErrorCode } from '@shared/api/error-codes';
import { errorsOf, TAGS, type Endpoint } from '@shared/api/endpoint';
import { SENT_WEBHOOK_EVENTS, WEBHOOK_EVENTS } from '@shared/integrations';
import { apiErrorSchema } from '@shared/schemas';

type Json = Record<string, unknown>;
interface Operation extends Json {
  operationId?: string;
  responses?: Record<string, Json>;
  requestBody?: Json;
  security?: Record<string, string[]>[];
}
export interface OpenApiObject extends Json {
  paths?: Record<string, Record<string, Operation>>;
  components?: Json & { schemas?: Record<string, unknown>; securitySchemes?: Json };
}

const SESSION_SCHEME = 'sessionCookie';
/** An API token (decision 075): `Authorization: Bearer ts_…`, on the endpoints whose entry names a scope. */
const TOKEN_SCHEME = 'apiToken';
/** A paired floor board's own credential (decision 080). */
const BOARD_SCHEME = 'boardCookie';

const STATUS_TEXT: Readonly<Record<number, string>> = {
  200: 'OK',
  201: 'Created',
  204: 'No content',
  400: 'Bad request: the path, query, headers or body break a rule',
  401: 'Not signed in, or the credentials are wrong',
  403: 'Signed in, but not allowed; or a write from another origin (CSRF)',
  404: 'Not found (another tenant’s resource answers exactly like a missing one)',
  409: 'Conflicts with the current state',
  413: 'The body is too large',
  415: 'The body is not of a type this endpoint takes',
  422: 'Understood, but refers to something else',
  429: 'Too many requests: wait Retry-After seconds',
  500: 'An unexpected error (logged with the request id)',
  503: 'The database is unreachable for a moment: retry after Retry-After seconds',
};

const RETRY_AFTER = {
  'Retry-After': {
    description: 'Seconds to wait before trying again.',
    schema: { type: 'integer', minimum: 0 },
  },
};

const ERROR_REF = { $ref: '#/components/schemas/Error' };

function errorResponse(status: number, codes: readonly ErrorCode[]): Json {
  const listed = codes.map((c) => `\`${c}\``).join(', ');
  return {
    description: `${STATUS_TEXT[status] ?? 'Error'}. Codes: ${listed}.`,
    ...((status === 429 || status === 503) && { headers: RETRY_AFTER }),
    content: {
      'application/json': {
        schema: {
          allOf: [
            ERROR_REF,
            {
              type: 'object',
              properties: {
                error: {
                  type: 'object',
                  properties: { code: { type: 'string', enum: [...codes] } },
                },
              },
            },
          ],
        },
      },
    },
  };
}

/** An endpoint's error codes grouped by the status they are answered with. */
function errorsByStatus(e: Endpoint): Map<number, ErrorCode[]> {
  const byStatus = new Map<number, ErrorCode[]>();
  for (const code of errorsOf(e)) {
    const status = ERROR_STATUS[code];
    byStatus.set(status, [...(byStatus.get(status) ?? []), code]);
  }
  return byStatus;
}

function describeOperation(operation: Operation, e: Endpoint): void {
  const responses = (operation.responses ??= {});
  for (const [status, response] of Object.entries(responses)) {
    if (response.description === 'Default Response')
      response.description = STATUS_TEXT[Number(status)] ?? 'OK';
  }
  for (const [status, codes] of errorsByStatus(e)) {
    responses[String(status)] = errorResponse(status, codes);
  }
  operation.security =
    'public' in e.access
      ? []
      : 'board' in e.access
        ? [{ [BOARD_SCHEME]: [] }]
        : [{ [SESSION_SCHEME]: [] }, ...(e.tokenScope ? [{ [TOKEN_SCHEME]: [e.tokenScope] }] : [])];
  if (e.multipart) {
    operation.requestBody = {
      required: true,
      content: {
        'multipart/form-data': {
          schema: {
            type: 'object',
            required: [e.multipart.field],
            properties: {
              [e.multipart.field]: {
                type: 'string',
                format: 'binary',
                description: e.multipart.description,
              },
            },
          },
        },
      },
    };
  }
  if (e.binary) {
    responses['200'] = {
      description: STATUS_TEXT[200],
      content: Object.fromEntries(
        e.binary.contentTypes.map((type) => [
          type,
          { schema: { type: 'string', format: 'binary' } },
        ]),
      ),
    };
  }
}

function errorSchema(): Json {
  const { $schema: _dialect, ...schema } = z.toJSONSchema(apiErrorSchema, { io: 'output' });
  return {
    ...schema,
    description:
      'Every error: a stable `code` to branch on, an English `message`, and for a fixed text its `messageId`.',
  };
}

/**
 * The zod registry yields each named schema twice (`X` for answers, `XInput` for requests); only the variants some
 * operation refers to stay.
 */
function dropUnusedSchemas(document: OpenApiObject): void {
  const schemas = document.components?.schemas;
  if (!schemas) return;
  for (;;) {
    const text = JSON.stringify({
      ...document,
      components: { ...document.components, schemas: {} },
    });
    const inSchemas = JSON.stringify(schemas);
    const unused = Object.keys(schemas).filter((name) => {
      const ref = `"#/components/schemas/${name}"`;
      return !text.includes(ref) && !inSchemas.includes(ref);
    });
    if (unused.length === 0) return;
    for (const name of unused) delete schemas[name];
  }
}

/**
 * OpenAPI 3.1's `webhooks`: each event the server may POST to an owner's endpoint (decision 076), signed per
 * Standard Webhooks (`webhook-id`, `webhook-timestamp`, `webhook-signature`).
 */
function webhookOperations(): Json {
  const header = (description: string) => ({
    in: 'header',
    required: true,
    description,
    schema: { type: 'string' },
  });
  return Object.fromEntries(
    WEBHOOK_EVENTS.map((event) => [
      event,
      {
        post: {
          summary: `${event}${(SENT_WEBHOOK_EVENTS as readonly string[]).includes(event) ? '' : ' (declared; not sent yet)'}`,
          operationId: `webhook_${event.replace('.', '_')}`,
          tags: ['integrations'],
          // Sent by the server to the owner's receiver: the receiver checks the signature, not a credential.
          security: [],
          parameters: [
            {
              name: 'webhook-id',
              ...header('The message id, the same on every retry (deduplicate on it).'),
            },
            { name: 'webhook-timestamp', ...header('Unix seconds of this attempt.') },
            {
              name: 'webhook-signature',
              ...header('`v1,<base64 HMAC-SHA256>` per Standard Webhooks.'),
            },
          ],
          requestBody: {
            required: true,
            content: {
              'application/json': {
                schema: {
                  type: 'object',
                  required: ['type', 'timestamp', 'data'],
                  properties: {
                    type: { type: 'string', const: event },
                    timestamp: { type: 'string', format: 'date-time' },
                    data: { type: 'object' },
                  },
                },
              },
            },
          },
          responses: {
            '200': { description: 'Any 2xx within 10 s: delivered. Anything else is retried.' },
          },
        },
      },
    ]),
  );
}

/** The document @fastify/swagger built, completed from the endpoint table. */
export function completeDocument(document: OpenApiObject): OpenApiObject {
  const byOperation = new Map(endpoints.map((e) => [e.operationId as string, e]));
  for (const methods of Object.values(document.paths ?? {})) {
    for (const operation of Object.values(methods)) {
      const e = operation.operationId ? byOperation.get(operation.operationId) : undefined;
      if (e) describeOperation(operation, e);
    }
  }
  const components = (document.components ??= {});
  components.schemas = {
    ...components.schemas,
    Error: errorSchema(),
  };
  components.securitySchemes = {
    ...components.securitySchemes,
    [BOARD_SCHEME]: {
      type: 'apiKey',
      in: 'cookie',
      name: BOARD_COOKIE,
      description:
        'A floor board’s own read-only credential (decision 080), set by `POST /api/board/pair` with a one-time ' +
        'code an admin made (HttpOnly, SameSite=Strict, path /api/board). It opens the board’s snapshot and live ' +
        'channel only, and ends when the admin revokes the board.',
    },
    [SESSION_SCHEME]: {
      type: 'apiKey',
      in: 'cookie',
      name: SESSION_COOKIE,
      description:
        'The session cookie a sign-in sets (HttpOnly, SameSite=Lax). A request that changes data and carries it ' +
        'must come from the app’s own origin: its `Origin` header (or, without one, `Sec-Fetch-Site: ' +
        'same-origin`) must be the app’s origin, else 403 `csrf`. A body is sent as `application/json` (or ' +
        '`multipart/form-data` for the logo); an endpoint without a request body takes none (no content type, at ' +
        'most 1 KB, or an empty JSON object).',
    },
  };
  components.securitySchemes[TOKEN_SCHEME] = {
    type: 'http',
    scheme: 'bearer',
    description:
      'An API token an owner created in Settings (decision 075): `Authorization: Bearer ts_…`. It acts for that ' +
      'owner in its one restaurant, on the operations that list its scope (`read`, `requests:write`, ' +
      '`tables:manage`); any other operation answers 403 `token_scope`. No Origin rule applies (no cookie is read); ' +
      'a body is still `application/json`. Rate limited per token (429).',
  };
  document.webhooks = webhookOperations();
  document.tags = Object.entries(TAGS).map(([name, description]) => ({ name, description }));
  dropUnusedSchemas(document);
  return document;
}
