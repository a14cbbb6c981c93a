/**
 * Each restaurant's presses of the last minute as this instance sees them (decision 088): the stored count, read at
 * most once a second per restaurant by the press's gate, plus the presses this instance let through since.
 *
 * Counting the last minute on every press cost a scan of up to the budget's rows per press: a restaurant taking
 * 130 presses a second counted ~5,000 index entries for each, which made the press's tail ten times the durable
 * floor (floor bench). Between two counts an instance adds the presses it admitted itself, so on one instance the
 * estimate is exact to within presses refused after the gate (they count until the next read); presses other
 * instances admitted show up at the next read, at most `refreshMs` later. A budget, not an exact cap.
 */
const PRESS_COUNT_REFRESH_MS = 1_000;
/** Entries older than the window are dropped once the map holds this many restaurants. */
const SWEEP_AT = 5_000;
const WINDOW_MS = 60_000;

interface Window {
  /** When the stored count was read. */
  at: number;
  /** Stored presses in the minute before `at`. */
  stored: number;
  /** Presses this instance let through since `at`. */
  admitted: number;
}

export class PressBudgetWindows {
  private readonly windows = new Map<string, Window>();

  constructor(private readonly refreshMs = PRESS_COUNT_REFRESH_MS) {}

  /** Whether the gate must count the restaurant's stored presses of the last minute now. */
  needsCount(restaurantId: string, now: number): boolean {
    const window = this.windows.get(restaurantId);
    return window === undefined || now - window.at >= this.refreshMs || now < window.at;
  }

  /** The gate's count, read at `now`: it replaces what this instance had added. */
  counted(restaurantId: string, now: number, stored: number): void {
    if (this.windows.size >= SWEEP_AT) this.sweep(now);
    this.windows.set(restaurantId, { at: now, stored, admitted: 0 });
  }

  /**
   * Lets one press through if the restaurant is under `budget`, and counts it; false at the budget. Call after
   * `counted` when `needsCount` said so.
   */
  admit(restaurantId: string, now: number, budget: number): boolean {
    let window = this.windows.get(restaurantId);
    if (window === undefined) {
      window = { at: now, stored: 0, admitted: 0 };
      this.windows.set(restaurantId, window);
    }
    if (window.stored + window.admitted >= budget) return false;
    window.admitted += 1;
    return true;
  }

  private sweep(now: number): void {
    for (const [id, window] of this.windows) if (now - window.at > WINDOW_MS) this.windows.delete(id);
  }
}
