/**
 * Work that outlives the request that started it, such as the public chat's answer, which runs after
 * the message was acknowledged. Shutdown waits for it: closing the database under it would leave the
 * customer without a reply.
 */
export class BackgroundTasks {
  private readonly running = new Set<Promise<void>>();

  /**
   * The task handles its own errors (answerInBackground does); a rejection is still reported as
   * unhandled, as a bare `void task` would be, never hidden here.
   */
  track(task: Promise<void>): void {
    this.running.add(task);
    void task.finally(() => this.running.delete(task));
  }

  /** Waits until every task has settled or `timeoutMs` has passed; resolves to how many still run. */
  async drain(timeoutMs: number): Promise<number> {
    if (this.running.size === 0) return 0;
    let timer: NodeJS.Timeout | undefined;
    const timedOut = new Promise<void>((resolve) => (timer = setTimeout(resolve, Math.max(0, timeoutMs))));
    try {
      await Promise.race([Promise.allSettled(this.running), timedOut]);
    } finally {
      clearTimeout(timer);
    }
    return this.running.size;
  }
}
