/**
 * Group commit for guest presses (db/group-commit.ts): presses that arrive while earlier ones are in the database go
 * together in the next statement (requests.repo claimTablesAndInsertRequests). Presses at the same table never share
 * a statement, nor run in two at once: the second meets the cool-down the first set (a 429, as it would have been one
 * after the other).
 */
import type { Executor } from '../../db/client';
import { GroupCommit, type GroupCommitOptions } from '../../db/group-commit';
import { withDbPriority } from '../../db/priority';
import { claimTablesAndInsertRequests, type ClaimedPress, type PressInput } from './requests.repo';

export type PressBatcherOptions = GroupCommitOptions;

export class PressBatcher {
  private readonly group: GroupCommit<PressInput, ClaimedPress | undefined>;

  constructor(db: Executor, options: PressBatcherOptions) {
    this.group = new GroupCommit(
      options,
      (press) => press.tableId,
      // Whichever press's turn runs the statement, it goes first on the embedded database (decision 072).
      (presses) =>
        withDbPriority('press', async () => {
          const claimed = await claimTablesAndInsertRequests(db, presses);
          return presses.map((p) => claimed.get(p.id));
        }),
    );
  }

  /** Statements run and presses they carried, since start (tests; a metric to watch under load). */
  get stats(): { statements: number; presses: number } {
    return { statements: this.group.stats.statements, presses: this.group.stats.items };
  }

  /** Presses refused unwritten (deadline passed, too many waiting), since start. */
  get shed(): number {
    return this.group.shed;
  }

  /**
   * Resolves with what the press claimed, or undefined when it claimed nothing (no such table, cooling down).
   * Rejects with WriteShed, unwritten, when `deadline` passed while it waited or too many presses wait already.
   */
  claim(press: PressInput, deadline?: number): Promise<ClaimedPress | undefined> {
    return this.group.submit(press, deadline);
  }
}
