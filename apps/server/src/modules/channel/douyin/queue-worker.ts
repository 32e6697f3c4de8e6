import type { PubSub, Unsubscribe } from '../../../infra/pubsub';

export interface QueueWorkerOptions<T> {
  /** Published on by whoever adds work (any instance): the worker looks at once instead of at its next sweep. */
  kickChannel: string;
  /** Looks for due work that nothing woke the worker for: retries, and claims a crashed instance let lapse. */
  sweepMs: number;
  /** Atomically takes a batch of due items for this instance (empty: nothing due). */
  claim: () => Promise<T[]>;
  /** Handles one claimed item; its own failures are its business (written to its row), a throw is only logged. */
  handle: (item: T) => Promise<void>;
  pubsub: Pick<PubSub, 'subscribe'>;
  log: { error: (obj: object, msg: string) => void };
}

/**
 * A loop over a database-backed queue, on every instance: woken by a pub/sub kick, by a periodic sweep and by
 * wakeIn (a retry falling due). One pass at a time per worker; a wake during a pass makes it go round again,
 * so no kick is lost. Which instance handles an item is decided by the claim, not here.
 */
export class QueueWorker<T> {
  private stopped = true;
  private pass: Promise<void> | null = null;
  private again = false;
  private sweep: NodeJS.Timeout | null = null;
  private readonly timers = new Set<NodeJS.Timeout>();
  private unsubscribe: Unsubscribe | null = null;

  constructor(private readonly opts: QueueWorkerOptions<T>) {}

  async start(): Promise<void> {
    this.stopped = false;
    this.unsubscribe = this.opts.pubsub.subscribe(this.opts.kickChannel, () => this.wake());
    await this.unsubscribe.ready;
    this.sweep = setInterval(() => this.wake(), this.opts.sweepMs);
    // The worker alone must not keep a process (or a test run) alive.
    this.sweep.unref();
    this.wake();
  }

  /** Stops waking and waits for the pass under way, so nothing writes after the database closes. */
  async stop(): Promise<void> {
    this.stopped = true;
    if (this.sweep) clearInterval(this.sweep);
    for (const t of this.timers) clearTimeout(t);
    this.timers.clear();
    this.unsubscribe?.();
    while (this.pass) await this.pass;
  }

  wake(): void {
    if (this.stopped) return;
    if (this.pass) {
      this.again = true;
      return;
    }
    this.pass = this.drain().finally(() => {
      this.pass = null;
      if (this.again) {
        this.again = false;
        this.wake();
      }
    });
  }

  /** Wakes the worker when an item scheduled for later falls due (the sweep would find it too, later). */
  wakeIn(ms: number): void {
    if (this.stopped) return;
    const timer = setTimeout(() => {
      this.timers.delete(timer);
      this.wake();
    }, Math.max(0, ms));
    timer.unref();
    this.timers.add(timer);
  }

  private async drain(): Promise<void> {
    try {
      while (!this.stopped) {
        const items = await this.opts.claim();
        if (items.length === 0) return;
        await Promise.all(
          items.map((item) => this.opts.handle(item).catch((err: unknown) => this.opts.log.error({ err, channel: this.opts.kickChannel }, 'queue item failed'))),
        );
      }
    } catch (err) {
      this.opts.log.error({ err, channel: this.opts.kickChannel }, 'queue claim failed');
    }
  }
}
