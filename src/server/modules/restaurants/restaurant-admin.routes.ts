import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { MultipartFile } from '@fastify/multipart';
import { LOGO_MAX_BYTES } from '@shared/constants';
import { MSG } from '@shared/messages';
import {
  createRestaurant,
  deleteRestaurant,
  deleteRestaurantLogo,
  listRestaurants,
  updateRestaurant,
  updateRequestTypes,
  uploadRestaurantLogo,
} from '@shared/api/restaurants';
import { LOGO_FIELD } from '@shared/api/logo';
import { AppError, badRequest } from '../../http/errors';
import { route } from '../../http/route';
import type { Services } from '../../services';
import { logoTooLarge } from './restaurant-admin.service';
import { lingerThenClose } from '../../http/linger';

/** The largest logo form accepted: the file plus its multipart envelope (boundaries, part headers). */
const LOGO_UPLOAD_MAX_BODY = LOGO_MAX_BYTES + 64 * 1024;

const hasCode = (err: unknown, code: string) => (err as { code?: unknown } | null)?.code === code;

/**
 * A file part's bytes, refused the moment it crosses the multipart `fileSize` limit: the plugin's toBuffer reports
 * the limit only at the part's end, i.e. after reading the whole body, however large.
 */
function readFilePart(part: MultipartFile): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    part.file.once('limit', () => reject(logoTooLarge()));
    part.toBuffer().then(resolve, reject);
  });
}

/**
 * Reads the one file of a logo upload into memory (at most LOGO_MAX_BYTES, enforced by the multipart limits). The
 * form must hold exactly one part, the file field 'logo': like a JSON body, anything else is refused.
 */
async function readLogo(request: FastifyRequest): Promise<Buffer> {
  if (!request.isMultipart()) {
    throw new AppError(415, 'multipart_required', MSG.logoNotImage);
  }
  try {
    let bytes: Buffer | undefined;
    for await (const part of request.parts()) {
      if (part.type !== 'file' || part.fieldname !== LOGO_FIELD || bytes) {
        throw badRequest(MSG.badRequest, 'invalid_upload');
      }
      bytes = await readFilePart(part);
    }
    if (!bytes) throw badRequest(MSG.logoNotImage, 'logo_missing');
    return bytes;
  } catch (err) {
    if (hasCode(err, 'FST_REQ_FILE_TOO_LARGE')) throw logoTooLarge();
    if (err instanceof AppError) throw err;
    // Only the request body is read here: extra files or fields (the multipart limits), a truncated or malformed
    // form are the client's fault, never a 5xx.
    throw badRequest(MSG.badRequest, 'invalid_upload');
  }
}

export function registerRestaurantAdminRoutes(
  app: FastifyInstance,
  { restaurantAdmin }: Services,
): void {
  route(app, listRestaurants, async (request) => {
    return { restaurants: await restaurantAdmin.list(request.user!) };
  });

  route(app, createRestaurant, async (request, reply) => {
    const { name, timeZone } = request.body;
    return reply
      .status(201)
      .send({ restaurant: await restaurantAdmin.create(request.user!, name, timeZone) });
  });

  route(app, updateRestaurant, async (request) => {
    const { restaurantId } = request.params;
    return { restaurant: await restaurantAdmin.update(request.user!, restaurantId, request.body) };
  });

  route(app, updateRequestTypes, async (request) => {
    const { restaurantId } = request.params;
    return {
      restaurant: await restaurantAdmin.updateRequestTypes(
        request.user!,
        restaurantId,
        request.body,
      ),
    };
  });

  route(app, deleteRestaurant, async (request, reply) => {
    await restaurantAdmin.delete(request.user!, request.params.restaurantId);
    return reply.status(204).send();
  });

  // The body is a multipart form (one file, field 'logo') that readLogo reads as it streams: no body schema.
  route(
    app,
    uploadRestaurantLogo,
    async (request, reply) => {
      const { restaurantId } = request.params;
      // Ownership first: another owner's restaurant costs no buffering.
      await restaurantAdmin.assertOwned(request.user!, restaurantId);
      let bytes: Buffer;
      try {
        bytes = await readLogo(request);
      } catch (err) {
        // Refused before the body ended (over 2 MB, a second file…): the connection is dropped shortly after the
        // answer (lingerThenClose), so the rest is never read — otherwise Node would drain a 300 MB upload to keep
        // the connection alive — and the client still reads the 413 first.
        if (!request.raw.complete) lingerThenClose(request, reply);
        throw err;
      }
      return { restaurant: await restaurantAdmin.uploadLogo(request.user!, restaurantId, bytes) };
    },
    {
      // Decision 026: a body declared larger than any acceptable form is refused before a byte of it is read.
      onRequest: (request, reply, done) => {
        if (Number(request.headers['content-length']) > LOGO_UPLOAD_MAX_BODY) {
          lingerThenClose(request, reply);
          return done(logoTooLarge());
        }
        done();
      },
    },
  );

  route(app, deleteRestaurantLogo, async (request) => {
    const { restaurantId } = request.params;
    return { restaurant: await restaurantAdmin.deleteLogo(request.user!, restaurantId) };
  });
}
