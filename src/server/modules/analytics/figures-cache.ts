/**
 * Figures kept per restaurant until that restaurant changes (decision 073). An owner opening analytics again, a
 * second tab, or a flood of the same month view then costs one scan of the period, not one per load. Loads of the
 * same figures that arrive while one is running share it. Any live event of the restaurant (a press, an
 * acknowledgement, a completion, an escalation, a presence change — on this instance or, through PostgreSQL,
 * another) drops the restaurant's figures, so the next load reads them afresh; so does a guest's rating, and the bus
 * coming back after a gap. An entry also expires after its time to live (a server renamed, a table deleted, a
 * rating given on another instance: no live event reaches this one).
 */
import type { EventBus } from '../../live/bus';

/** Periods kept per restaurant (day, week, month views of a few dates). */
const PER_RESTAURANT = 16;

interface Entry<T> {
  at: number;
  value: Promise<T>;
}

export class FiguresCache<T> {
  private readonly restaurants = new Map<string, Map<string, Entry<T>>>();
  /** Loads done because nothing was kept (tests). */
  loads = 0;

  constructor(
    private readonly ttlMs: number,
    private readonly now: () => number = () => performance.now(),
  ) {}

  /** Drops a restaurant's figures on its live events, and everyone's after a gap in which events may be lost. */
  follow(bus: EventBus): void {
    bus.subscribe((message) => {
      if (message.scope === 'restaurant') this.drop(message.restaurantId);
    });
    bus.onReconnect(() => this.restaurants.clear());
  }

  get(restaurantId: string, key: string, load: () => Promise<T>): Promise<T> {
    let periods = this.restaurants.get(restaurantId);
    const kept = periods?.get(key);
    if (kept && this.now() - kept.at < this.ttlMs) return kept.value;
    if (!periods) this.restaurants.set(restaurantId, (periods = new Map<string, Entry<T>>()));
    this.loads++;
    const entry: Entry<T> = { at: this.now(), value: load() };
    periods.delete(key);
    periods.set(key, entry);
    if (periods.size > PER_RESTAURANT) periods.delete(periods.keys().next().value!);
    // A failed load is not kept: the next one tries again.
    entry.value.catch(() => {
      const current = this.restaurants.get(restaurantId);
      if (current?.get(key) === entry) current.delete(key);
    });
    return entry.value;
  }

  drop(restaurantId: string): void {
    this.restaurants.delete(restaurantId);
  }
}
