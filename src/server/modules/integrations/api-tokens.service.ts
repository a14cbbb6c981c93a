/**
 * API tokens (issue 24 item 3, decision 075): an owner creates a token for one restaurant with some scopes; it is
 * shown once (`ts_` + 32 random bytes, base64url) and stored as its SHA-256. A request with
 * `Authorization: Bearer ts_…` acts for that owner, in that restaurant only, on the endpoints its scopes name
 * (http/access.ts). Revoking deletes the row, so the very next request is refused on every instance (no cache).
 */
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import type { Db } from '../../db/client';
import { AppError, notFound } from '../../http/errors';
import { MSG } from '@shared/messages';
import {
  API_TOKEN_PREFIX,
  API_TOKENS_PER_RESTAURANT,
  type ApiToken,
  type TokenScope,
} from '@shared/integrations';
import { assertRestaurantAccess, type SessionUser } from '../../policy/policy';
import {
  countApiTokensOf,
  deleteApiToken,
  findApiToken,
  findTokenWithOwner,
  insertApiToken,
  listApiTokensOf,
  touchApiToken,
  type ApiTokenRow,
} from './api-tokens.repo';

/** Last-used is written at most this often per token (decision 075). */
const TOKEN_TOUCH_MS = 60_000;
/** Longer than any token we issue: a longer bearer is refused before hashing. */
const TOKEN_MAX = 100;

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

const toApiToken = (row: ApiTokenRow): ApiToken => ({
  id: row.id,
  restaurantId: row.restaurantId,
  name: row.name,
  scopes: row.scopes as TokenScope[],
  createdAt: row.createdAt,
  lastUsedAt: row.lastUsedAt,
});

export class ApiTokensService {
  constructor(
    private readonly db: Db,
    private readonly clock: () => number = Date.now,
  ) {}

  async list(user: SessionUser, restaurantId: string): Promise<ApiToken[]> {
    await assertRestaurantAccess(this.db, user, restaurantId);
    return (await listApiTokensOf(this.db, restaurantId)).map(toApiToken);
  }

  async create(
    user: SessionUser,
    restaurantId: string,
    input: { name: string; scopes: TokenScope[] },
  ): Promise<{ token: ApiToken; secret: string }> {
    await assertRestaurantAccess(this.db, user, restaurantId);
    if ((await countApiTokensOf(this.db, restaurantId)) >= API_TOKENS_PER_RESTAURANT)
      throw new AppError(409, 'token_limit', MSG.tokenLimit);
    const secret = API_TOKEN_PREFIX + randomBytes(32).toString('base64url');
    const row: ApiTokenRow = {
      id: randomUUID(),
      restaurantId,
      createdBy: user.id,
      name: input.name,
      scopes: [...new Set(input.scopes)],
      tokenHash: hashToken(secret),
      createdAt: this.clock(),
      lastUsedAt: null,
    };
    await insertApiToken(this.db, row);
    return { token: toApiToken(row), secret };
  }

  async revoke(user: SessionUser, tokenId: string): Promise<void> {
    const missing = () => notFound(MSG.tokenNotFound, 'token_not_found');
    const row = await findApiToken(this.db, tokenId);
    if (!row) throw missing();
    await assertRestaurantAccess(this.db, user, row.restaurantId).catch(() => {
      throw missing();
    });
    await deleteApiToken(this.db, tokenId);
  }

  /** The user a bearer token stands for, or null (unknown, revoked, malformed, or its owner no longer owns it). */
  async resolve(bearer: string): Promise<SessionUser | null> {
    if (!bearer.startsWith(API_TOKEN_PREFIX) || bearer.length > TOKEN_MAX) return null;
    const row = await findTokenWithOwner(this.db, hashToken(bearer));
    if (!row || row.owner.role !== 'admin') return null;
    const now = this.clock();
    const { token } = row;
    if (token.lastUsedAt === null || token.lastUsedAt < now - TOKEN_TOUCH_MS)
      await touchApiToken(this.db, token.id, now, TOKEN_TOUCH_MS);
    return {
      id: row.owner.id,
      role: 'admin',
      name: row.owner.name,
      restaurantId: null,
      token: {
        id: token.id,
        restaurantId: token.restaurantId,
        scopes: token.scopes as TokenScope[],
      },
    };
  }
}

/** The bearer token of `Authorization: Bearer …`, or undefined. */
export function bearerOf(authorization: string | undefined): string | undefined {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(authorization ?? '');
  return match?.[1];
}
