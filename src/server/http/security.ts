/**
 * Browser-facing defences on every request: security headers with a strict Content Security Policy, and the CSRF
 * check on state-changing API requests (issue 14).
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import helmet from 'helmet';
import { SESSION_COOKIE } from '@shared/constants';
import { forbidden } from './errors';
import { MSG } from '@shared/messages';
import { bearerOf } from '../modules/integrations/api-tokens.service';
import { comesFromOurOrigin } from './origin';

/**
 * Security headers on every response. helmet is compiled once here: @fastify/helmet rebuilt it (parsing the CSP
 * directives) on every request, about 5 % of the server's CPU per guest press (bench: throughput).
 */
export function registerSecurityHeaders(app: FastifyInstance, publicUrl: string): void {
  const secure = publicUrl.startsWith('https://');
  const securityHeaders = helmet({
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        connectSrc: ["'self'"],
        fontSrc: ["'self'", 'data:'],
        objectSrc: ["'none'"],
        frameAncestors: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        workerSrc: ["'self'"],
        manifestSrc: ["'self'"],
        upgradeInsecureRequests: secure ? [] : null,
      },
    },
    hsts: secure ? { maxAge: 15_552_000, includeSubDomains: true } : false,
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    crossOriginEmbedderPolicy: false,
  });
  app.addHook('onRequest', (request, reply, done) =>
    securityHeaders(request.raw, reply.raw, (err?: unknown) => done(err as Error | undefined)),
  );
}

/**
 * CSRF: a state-changing request must come from our own origin and carry JSON (or multipart for uploads). A request
 * that carries the session cookie must prove its origin (Origin, or Sec-Fetch-Site: same-origin): browsers always
 * send one on such fetches, so a missing one is not a browser of ours. Registered after the cookie plugin, which it
 * reads.
 */
/** No body: no content type, no Transfer-Encoding and a Content-Length of 0 or none. */
function hasNoBody(request: FastifyRequest): boolean {
  const { headers } = request;
  return (
    headers['content-type'] === undefined &&
    headers['transfer-encoding'] === undefined &&
    (headers['content-length'] === undefined || headers['content-length'] === '0')
  );
}

export function registerCsrfGuard(app: FastifyInstance, publicUrl: string): void {
  app.addHook('onRequest', (request, _reply, done) => {
    if (!request.url.startsWith('/api') || ['GET', 'HEAD', 'OPTIONS'].includes(request.method))
      return done();
    // An API token's request (decision 075) carries no cookie the server reads (a bearer header wins over one), and
    // a cross-site page cannot set that header without a CORS preflight, which this server never grants.
    const bearer = bearerOf(request.headers.authorization) !== undefined;
    const withSession = !bearer && request.cookies[SESSION_COOKIE] !== undefined;
    const declared = !bearer && (request.headers.origin !== undefined || withSession);
    if (declared && !comesFromOurOrigin(request, publicUrl)) {
      return done(forbidden(MSG.crossSiteRefused, 'csrf'));
    }
    // A write with no body at all (a bodiless action, called as documented) needs no content type: a cross-site
    // form always sends one, and a browser's cross-site fetch carries an Origin, refused above.
    if (hasNoBody(request)) return done();
    const type = request.headers['content-type'] ?? '';
    if (!type.startsWith('application/json') && !type.startsWith('multipart/form-data')) {
      return done(forbidden(MSG.jsonRequired, 'csrf'));
    }
    done();
  });
}
