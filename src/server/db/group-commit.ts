/**
 * Group commit: writes that arrive while earlier ones are still in the database share the next statement. A write
 * that arrives while the database is free runs at once, alone: no timer, no added wait. Writes that arrive while
 * earlier ones are running queue up and go together in the next statement: one round trip, one commit (one fsync)
 * and one wake-up of the database for the lot. So batches stay at one write at a quiet time and grow only under
 * load, which is when the fixed cost per commit decides how many writes a second the machine takes (BENCHMARKS.md).
 * Guest presses (press-batcher.ts) and staff actions on requests (requests.service.ts) use it.
 *
 * Rules that keep it correct:
 * - Writes with the same key (a table, a request) never share a statement, nor run in two statements at once: the
 *   second waits for the first to finish, then meets what it did (as it would have one after the other). So no two
 *   statements ever wait for each other's rows by key, and no batch holds more than one lock another batch needs.
 * - When a statement of several writes fails on something one write can cause (bad data, a constraint, a
 *   deadlock), each of its writes is tried again on its own, so one bad write cannot fail the others; a write whose
 *   own statement fails gets that error. When the database itself fails, every write of the batch gets the error.
 */

export interface GroupCommitOptions {
  /** Statements in the database at once. */
  concurrency: number;
  /** Writes in one statement at most. */
  maxBatch: number;
  /**
   * Writes waiting at most (issue 25, shed work early): one more is refused at once with WriteShed('overload'),
   * before any work, rather than queued behind a backlog its client will not wait for. Unbounded when not set.
   */
  maxWaiting?: number;
}

/**
 * A write refused without being written (issue 25): its deadline passed while it waited (its client has given up,
 * so it must not be committed behind its back), or too many writes were waiting already.
 */
export class WriteShed extends Error {
  constructor(readonly reason: 'deadline' | 'overload') {
    super(
      reason === 'deadline' ? 'write deadline passed before it ran' : 'too many writes waiting',
    );
  }
}

interface Waiting<I, O> {
  item: I;
  /** Date.now() past which the write is not started (undefined: no deadline). */
  deadline: number | undefined;
  resolve(result: O): void;
  reject(err: unknown): void;
}

export class GroupCommit<I, O> {
  private queue: Waiting<I, O>[] = [];
  private readonly busyKeys = new Set<string>();
  private running = 0;
  /** Statements run and writes they carried, since start (tests; a metric to watch under load). */
  readonly stats = { statements: 0, items: 0 };
  /** Writes refused unwritten (WriteShed), since start. */
  shed = 0;

  /**
   * `keyOf`: writes with the same key never share or overlap a statement; null when no two writes ever need to wait
   * for each other (receipts, webhook events, the press gate's reads). `write`: runs one statement for the batch and
   * answers each write, in the batch's order.
   */
  constructor(
    private readonly options: GroupCommitOptions,
    private readonly keyOf: ((item: I) => string) | null,
    private readonly write: (batch: readonly I[]) => Promise<O[]>,
  ) {}

  /**
   * Queues `item` for the next statement. `deadline` (a Date.now() time): a write still waiting then is refused with
   * WriteShed('deadline') and never written; one already in a statement runs to its end.
   */
  submit(item: I, deadline?: number): Promise<O> {
    if (this.options.maxWaiting !== undefined && this.queue.length >= this.options.maxWaiting) {
      this.shed++;
      return Promise.reject(new WriteShed('overload'));
    }
    return new Promise((resolve, reject) => {
      this.queue.push({ item, deadline, resolve, reject });
      this.pump();
    });
  }

  private pump(): void {
    while (this.running < this.options.concurrency && this.queue.length > 0) {
      const batch = this.take();
      if (batch.length === 0) return; // every waiting write has its key in the database now
      this.running++;
      void this.run(batch).finally(() => {
        this.running--;
        if (this.keyOf) for (const w of batch) this.busyKeys.delete(this.keyOf(w.item));
        this.pump();
      });
    }
  }

  /** The oldest waiting writes, one per key, none with a key in a running statement; the rest keep their place. */
  private take(): Waiting<I, O>[] {
    const batch: Waiting<I, O>[] = [];
    const kept: Waiting<I, O>[] = [];
    const now = Date.now();
    let i = 0;
    for (; i < this.queue.length && batch.length < this.options.maxBatch; i++) {
      const w = this.queue[i]!;
      const key = this.keyOf?.(w.item);
      if (w.deadline !== undefined && now > w.deadline) {
        this.shed++;
        w.reject(new WriteShed('deadline'));
      } else if (key === undefined) batch.push(w);
      else if (this.busyKeys.has(key)) kept.push(w);
      else {
        this.busyKeys.add(key);
        batch.push(w);
      }
    }
    // One pass over the queue, however long it has grown under overload (no splice per write taken).
    this.queue = kept.concat(this.queue.slice(i));
    return batch;
  }

  private async run(batch: Waiting<I, O>[]): Promise<void> {
    let results: O[];
    this.stats.statements++;
    this.stats.items += batch.length;
    try {
      results = await this.write(batch.map((w) => w.item));
    } catch (err) {
      if (batch.length === 1 || !mayBeOneWrite(err)) {
        for (const w of batch) w.reject(err);
        return;
      }
      // The statement did nothing (it is atomic): each write once more on its own, so each gets its own answer.
      await Promise.all(batch.map((w) => this.run([w])));
      return;
    }
    batch.forEach((w, i) => w.resolve(results[i]!));
  }
}

/**
 * An error that one write's values can cause (SQLSTATE class 22 data exception, 23 integrity constraint violation,
 * 40 transaction rollback such as a deadlock), as opposed to one of the database itself (connection lost, shut
 * down, out of resources), after which retrying each write alone would only multiply the failures.
 */
function mayBeOneWrite(err: unknown): boolean {
  const code = (err as { code?: unknown } | null)?.code;
  return typeof code === 'string' && /^(22|23|40)[0-9A-Z]{3}$/.test(code);
}
