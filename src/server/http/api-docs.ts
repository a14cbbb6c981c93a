/**
 * The API's description (decision 041): every route declares its schemas (fastify-type-provider-zod), and
 * @fastify/swagger turns them into an OpenAPI 3.1 document, served at /api/openapi.json, with a reference page at
 * /api/docs (@fastify/swagger-ui). Both are public: the description names routes, shapes and rules, no secret, and
 * who may call each route is enforced per route (http/access.ts), not by hiding it.
 */
import type { FastifyInstance } from 'fastify';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';
import { version } from '../../../package.json';
import { declareDocumentationContext } from './access';
import { completeDocument, type OpenApiObject } from './api-document';

const OPENAPI_PATH = '/api/openapi.json';
const API_DOCS_PREFIX = '/api/docs';

/** Collects every route registered after it: call it before the first route. */
export async function registerApiDescription(app: FastifyInstance): Promise<void> {
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Table Service API',
        version,
        description:
          'Guests call staff from their table; staff and owners run the floor. Errors answer ' +
          '`{ error: { code, message, values?, messageId? } }` with a status that means what it says; each ' +
          'operation lists its codes. To say a refusal in another language, word it by `messageId` (the rule’s ' +
          'text) or, for a text with a value in it, by `code` and `values` — never by the English `message`. Staff routes need the session cookie a sign-in sets (see the security scheme for the ' +
          'Origin rule on writes).',
        license: { name: 'Proprietary', identifier: 'LicenseRef-Proprietary' },
      },
      servers: [{ url: '/', description: 'This server' }],
    },
    transform: jsonSchemaTransform,
    transformObject: (input) =>
      completeDocument(jsonSchemaTransformObject(input) as OpenApiObject) as ReturnType<
        typeof jsonSchemaTransformObject
      >,
  });
}

/** The document and its reference page; neither is part of the document itself (schema.hide). */
export async function registerApiDocsRoutes(app: FastifyInstance): Promise<void> {
  // A context of its own: public, and not listed with the API's routes (http/access.ts). @fastify/swagger-ui
  // registers its own routes there (the page, its scripts and styles from its package directory, the document
  // again at /api/docs/json). Its page loads only files from this origin and runs no inline script, so the app's
  // CSP (http/security.ts) holds for it unchanged.
  await app.register(async (docs) => {
    declareDocumentationContext(docs);
    docs.get(OPENAPI_PATH, { schema: { hide: true } }, (_request, reply) => {
      void reply.header('cache-control', 'no-cache').send(docs.swagger());
    });
    // validatorUrl stays unset (null): no badge from validator.swagger.io, no request to another origin.
    await docs.register(swaggerUi, {
      routePrefix: API_DOCS_PREFIX,
      uiConfig: { deepLinking: true },
    });
  });
}
