/**
 * Group commit for guest presses. A press that arrives while the database is free runs at once, alone: no timer, no
 * added wait. Presses that arrive while earlier ones are still in the database queue up and go together in the next
 * statement (requests.repo claimTablesAndInsertRequests): one round trip, one commit and one wake-up of PostgreSQL
 * for the lot. So batches stay at one press at a quiet time and grow only under load, which is when the fixed cost
 * per statement decides how many presses a second the machine takes (BENCHMARKS.md, throughput).
 *
 * Rules that keep it correct:
 * - Presses at the same table never share a statement, nor run in two statements at once: the second waits for the
 *   first to finish, then meets the cool-down it set (a 429, as it would have been one after the other). So no two
 *   statements ever wait for each other's table rows, and no batch holds more than one lock another batch needs.
 * - When a statement of several presses fails on something one press can cause (bad data, a constraint, a
 *   deadlock), each of its presses is tried again on its own, so one bad press cannot fail the others; a press
 *   whose own statement fails gets that error. When the database itself fails, every press of the batch gets the
 *   error at once.
 */
import type { Executor } from '../../db/client';
import { claimTablesAndInsertRequests, type ClaimedPress, type PressInput } from './requests.repo';

interface Waiting {
  press: PressInput;
  resolve(claimed: ClaimedPress | undefined): void;
  reject(err: unknown): void;
}

export interface PressBatcherOptions {
  /** Statements in the database at once. */
  concurrency: number;
  /** Presses in one statement at most. */
  maxBatch: number;
}

export class PressBatcher {
  private queue: Waiting[] = [];
  private readonly busyTables = new Set<string>();
  private running = 0;
  /** Statements run and presses they carried, since start (tests; a metric to watch under load). */
  readonly stats = { statements: 0, presses: 0 };

  constructor(
    private readonly db: Executor,
    private readonly options: PressBatcherOptions,
  ) {}

  /** Resolves with what the press claimed, or undefined when it claimed nothing (no such table, cooling down). */
  claim(press: PressInput): Promise<ClaimedPress | undefined> {
    return new Promise((resolve, reject) => {
      this.queue.push({ press, resolve, reject });
      this.pump();
    });
  }

  private pump(): void {
    while (this.running < this.options.concurrency && this.queue.length > 0) {
      const batch = this.take();
      if (batch.length === 0) return; // every waiting press is at a table that is in the database now
      this.running++;
      void this.run(batch).finally(() => {
        this.running--;
        for (const w of batch) this.busyTables.delete(w.press.tableId);
        this.pump();
      });
    }
  }

  /** The oldest waiting presses, one per table, none at a table in a running statement; the rest keep their place. */
  private take(): Waiting[] {
    const batch: Waiting[] = [];
    const kept: Waiting[] = [];
    let i = 0;
    for (; i < this.queue.length && batch.length < this.options.maxBatch; i++) {
      const w = this.queue[i]!;
      if (this.busyTables.has(w.press.tableId)) kept.push(w);
      else {
        this.busyTables.add(w.press.tableId);
        batch.push(w);
      }
    }
    // One pass over the queue, however long it has grown under overload (no splice per press taken).
    this.queue = kept.concat(this.queue.slice(i));
    return batch;
  }

  private async run(batch: Waiting[]): Promise<void> {
    let claimed: Map<string, ClaimedPress>;
    this.stats.statements++;
    this.stats.presses += batch.length;
    try {
      claimed = await claimTablesAndInsertRequests(
        this.db,
        batch.map((w) => w.press),
      );
    } catch (err) {
      if (batch.length === 1 || !mayBeOnePress(err)) {
        for (const w of batch) w.reject(err);
        return;
      }
      // The statement did nothing (it is atomic): each press once more on its own, so each gets its own answer.
      await Promise.all(batch.map((w) => this.run([w])));
      return;
    }
    for (const w of batch) w.resolve(claimed.get(w.press.id));
  }
}

/**
 * An error that one press's values can cause (SQLSTATE class 22 data exception, 23 integrity constraint violation,
 * 40 transaction rollback such as a deadlock), as opposed to one of the database itself (connection lost, shut
 * down, out of resources), after which retrying each press alone would only multiply the failures.
 */
function mayBeOnePress(err: unknown): boolean {
  const code = (err as { code?: unknown } | null)?.code;
  return typeof code === 'string' && /^(22|23|40)[0-9A-Z]{3}$/.test(code);
}
