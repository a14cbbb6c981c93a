/**
 * The guest press's gate (issue 27 item 5, decisions 088, 089): checked before the press's own statement
 * (requests.repo PRESS_SQL, which it does not change), in one round trip. In order: the table the QR code names (a
 * regenerated code answers "no longer valid"), a retry of a stored press (it passes: the guest's call is in), a prank
 * block of this device or address, the opening hours, the restaurant's press budget.
 */
import type { Db } from '../../db/client';
import { MSG } from '@shared/messages';
import { isOpenAt, type OpeningHours } from '@shared/opening-hours';
import { AppError, notFound } from '../../http/errors';
import { GroupCommit } from '../../db/group-commit';
import { withDbPriority } from '../../db/priority';
import { PressBudgetWindows } from './press-budget';
import { insertPressOrigins, isReplacedCode, readGate, findTableIdByCode } from './pranks.repo';

const tableNotFound = () => notFound(MSG.tableNotFoundBody, 'table_not_found');
const codeReplaced = () => new AppError(410, 'table_code_replaced', MSG.tableCodeReplaced);

/** Where a press came from: the guest page's device id (if it sent one) and the address key (client-address.ts). */
export interface PressOrigin {
  deviceId: string | null;
  address: string;
}

const parsedHours = (value: OpeningHours | string | null): OpeningHours =>
  typeof value === 'string' ? (JSON.parse(value) as OpeningHours) : value;

type OriginRow = Parameters<typeof insertPressOrigins>[1][number];

/**
 * Origins group-committed (db/group-commit.ts): the guest's answer waits for its origin, and on the embedded database
 * each statement of its own is a commit and an fsync — at 200 presses a second the single most expensive statement
 * on the worker (routing bench). Those that arrive while one batch is in the database share the next INSERT.
 */
const ORIGIN_BATCHING = { concurrency: 1, maxBatch: 200 };

export class PressGate {
  private readonly origins: GroupCommit<OriginRow, void>;
  private readonly budgets: PressBudgetWindows;

  constructor(
    private readonly db: Db,
    private readonly clock: () => number = Date.now,
    budgetRefreshMs?: number,
  ) {
    this.budgets = new PressBudgetWindows(budgetRefreshMs);
    this.origins = new GroupCommit(
      ORIGIN_BATCHING,
      (row) => row.requestId,
      // Part of the guest's press: it goes first on the embedded database (decision 072).
      (rows) =>
        withDbPriority('press', async () => {
          await insertPressOrigins(this.db, rows);
          return rows.map(() => undefined);
        }),
    );
  }

  /** Statements the origins took, and origins they carried (tests). */
  get originStats(): Readonly<{ statements: number; items: number }> {
    return this.origins.stats;
  }

  /**
   * The table id the press is for, or the refusal. The budget counts stored presses of the last minute, read at most
   * once a second per restaurant, plus the presses this instance let through since (press-budget.ts): a burst
   * checked at once, or other instances' presses of the last second, may pass it (a budget, not an exact cap;
   * decision 088).
   */
  async check(
    restaurantId: string,
    code: string,
    origin: PressOrigin,
    pressKey: string | null,
  ): Promise<string> {
    const now = this.clock();
    const countPresses = this.budgets.needsCount(restaurantId, now);
    const gate = await readGate(this.db, {
      restaurantId,
      code,
      ...origin,
      pressKey,
      now,
      countPresses,
    });
    if (!gate.table_id) throw gate.replaced ? codeReplaced() : tableNotFound();
    if (gate.retry) return gate.table_id;
    if (gate.blocked) throw new AppError(403, 'press_blocked', MSG.pressBlocked);
    if (!isOpenAt(parsedHours(gate.opening_hours), now, gate.time_zone ?? 'UTC'))
      throw new AppError(403, 'restaurant_closed', MSG.restaurantClosed);
    if (gate.recent_presses !== null)
      this.budgets.counted(restaurantId, now, Number(gate.recent_presses));
    if (!this.budgets.admit(restaurantId, now, Number(gate.press_budget_per_minute)))
      throw new AppError(429, 'restaurant_busy', MSG.restaurantBusy, { retryAfterSeconds: 60 });
    return gate.table_id;
  }

  /** Notes where a stored press came from, for a prank dismissal (decision 089). A retry writes nothing new. */
  async recordOrigin(restaurantId: string, requestId: string, origin: PressOrigin): Promise<void> {
    await this.origins.submit({
      requestId,
      restaurantId,
      deviceId: origin.deviceId,
      address: origin.address,
      createdAt: this.clock(),
    });
  }

  /**
   * The table id of a guest URL's code, for the guest page's other calls (its table, cool-down, own requests); a
   * regenerated code answers 410 table_code_replaced, an unknown one `missing()`.
   */
  async tableIdOf(
    restaurantId: string,
    code: string,
    missing: () => Error = tableNotFound,
  ): Promise<string> {
    const id = await findTableIdByCode(this.db, restaurantId, code);
    if (id) return id;
    if (await isReplacedCode(this.db, restaurantId, code)) throw codeReplaced();
    throw missing();
  }
}
