/**
 * A job every instance runs on a timer besides answering requests (lifecycle.ts): the escalation sweep, the
 * expired-session prune. One run at a time (a tick that finds the last run still going is skipped), the timer never
 * keeps the process alive, and stop() waits for the run under way so the database can close after it.
 */
import type { FastifyBaseLogger } from 'fastify';

/** Lets what waits for the database (guest presses first; on PGlite, for the main thread) go before the next batch. */
export const yieldToEventLoop = () => new Promise<void>((resolve) => setImmediate(resolve));

export class BackgroundJob {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<unknown> | undefined;
  private stopped = false;

  /** `what` names the job in the error log line ("escalation sweep failed"). */
  constructor(
    private readonly what: string,
    private readonly log: FastifyBaseLogger,
  ) {}

  /** True once stop() was called: a run in batches ends after its current batch. */
  get stopping(): boolean {
    return this.stopped;
  }

  /** Runs `tick` every `intervalMs`; 0 turns the timer off (tests run the job by hand). */
  start(intervalMs: number, tick: () => Promise<unknown>): void {
    if (this.timer || intervalMs <= 0) return;
    this.stopped = false;
    this.timer = setInterval(() => {
      if (this.running) return;
      tick().catch((err: unknown) => this.log.error({ err }, `${this.what} failed`));
    }, intervalMs);
    this.timer.unref();
  }

  /** Stops the timer and waits for the run under way. */
  async stop(): Promise<void> {
    this.stopped = true;
    clearInterval(this.timer);
    this.timer = undefined;
    await this.running?.catch(() => undefined);
  }

  /** One run (by the timer or by hand), tracked so the timer skips while it goes on and stop() waits for it. */
  async track<T>(work: Promise<T>): Promise<T> {
    this.running = work;
    try {
      return await work;
    } finally {
      if (this.running === work) this.running = undefined;
    }
  }
}
