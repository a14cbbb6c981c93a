/**
 * The guest press's gate (issue 27 item 5, decisions 088, 089): checked before the press's own statement
 * (requests.repo PRESS_SQL, which it does not change), in one round trip shared with the presses that arrived while
 * the last gate read ran (db/group-commit.ts, as the presses themselves: at 200 presses a second the embedded
 * database's one worker ran a statement per press here). In order: the table the QR code names (a
 * regenerated code answers "no longer valid"), a retry of a stored press (it passes: the guest's call is in), a prank
 * block of this device or address, the opening hours, the restaurant's press budget.
 */
import { backendOf, type Db } from '../../db/client';
import { GroupCommit } from '../../db/group-commit';
import { withDbPriority } from '../../db/priority';
import { MSG } from '@shared/messages';
import { isOpenAt, type OpeningHours } from '@shared/opening-hours';
import { AppError, notFound } from '../../http/errors';
import { PressBudgetWindows } from './press-budget';
import {
  findTableIdByCode,
  isReplacedCode,
  readGates,
  type GateInput,
  type GateRow,
} from './pranks.repo';

/**
 * Gate reads in the database at once, and presses one read checks at most. PostgreSQL: four at once (of the pool's
 * ten), so reads share a statement only when four are already out — with two, a single restaurant's 400 presses a
 * second waited for each other's reads (floor bench: press → commit 2.7 → 5.5 ms). PGlite runs one thing at a time.
 */
const GATE_BATCHING = {
  postgres: { concurrency: 4, maxBatch: 64 },
  pglite: { concurrency: 1, maxBatch: 64 },
};

const tableNotFound = () => notFound(MSG.tableNotFoundBody, 'table_not_found');
const codeReplaced = () => new AppError(410, 'table_code_replaced', MSG.tableCodeReplaced);

/** Where a press came from: the guest page's device id (if it sent one) and the address key (client-address.ts). */
export interface PressOrigin {
  deviceId: string | null;
  address: string;
}

const parsedHours = (value: OpeningHours | string | null): OpeningHours =>
  typeof value === 'string' ? (JSON.parse(value) as OpeningHours) : value;

export class PressGate {
  private readonly budgets: PressBudgetWindows;
  private readonly reads: GroupCommit<GateInput, GateRow>;

  constructor(
    private readonly db: Db,
    private readonly clock: () => number = Date.now,
    budgetRefreshMs?: number,
  ) {
    this.budgets = new PressBudgetWindows(budgetRefreshMs);
    this.reads = new GroupCommit(
      GATE_BATCHING[backendOf(db)],
      // Reads never wait for each other: two presses at one table may share one.
      null,
      // Whichever press's turn runs the read, it goes first on the embedded database (decision 072).
      (presses) => withDbPriority('press', () => readGates(db, presses)),
    );
  }

  /** Gate reads run and presses they checked, since start (tests; a metric to watch under load). */
  get readStats(): Readonly<{ statements: number; items: number }> {
    return this.reads.stats;
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
    const gate = await this.reads.submit({ restaurantId, code, ...origin, pressKey, now, countPresses });
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
