import type { FastifyBaseLogger } from 'fastify';

/**
 * Mail work done in the background (so neither an answer nor its timing tells whether an address has an account),
 * tracked so that tests and a graceful shutdown can wait for it. A failure is logged, never thrown.
 */
export class TrackedWork {
  private readonly inFlight = new Set<Promise<unknown>>();

  constructor(
    private readonly log: FastifyBaseLogger,
    private readonly what: string,
  ) {}

  track(work: Promise<unknown>): void {
    const tracked = work
      .catch((err: unknown) => this.log.error({ err }, `${this.what} failed`))
      .finally(() => this.inFlight.delete(tracked));
    this.inFlight.add(tracked);
  }

  /** Resolves when every queued piece of work has finished (or has failed and been logged). */
  async whenIdle(): Promise<void> {
    while (this.inFlight.size > 0) await Promise.allSettled([...this.inFlight]);
  }
}
