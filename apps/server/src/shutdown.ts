import type { FastifyInstance } from 'fastify';

/** How long a shutdown may take before the process exits anyway (a stuck request or connection). */
export const SHUTDOWN_TIMEOUT_MS = 10_000;

/** Share of the time limit kept for closing the resources, which background work may not use up. */
const CLOSE_SHARE = 0.2;

export interface ShutdownOptions {
  /** Closed after the server has stopped, in this order (pub/sub, key-value store, database). */
  resources: Array<{ close(): Promise<void> }>;
  timeoutMs?: number;
  /** process.exit; injectable so a test can watch the exit code. */
  exit?: (code: number) => void;
}

/**
 * The handler for SIGTERM/SIGINT. app.close() marks the server closing (every new request, readiness
 * probes included, gets 503, so a balancer stops sending), stops accepting connections, ends the open
 * event streams with a reconnect hint (their preClose hooks) and waits for in-flight requests; then
 * it waits for background work (a chat answer still being generated and stored), then the resources
 * close and the process exits 0. A shutdown that does not finish in time exits 1: background work
 * still running when only CLOSE_SHARE of the limit is left is abandoned, so the resources still close
 * cleanly. Repeated signals join the shutdown already running.
 */
export function gracefulShutdown(app: FastifyInstance, opts: ShutdownOptions): (signal: string) => Promise<void> {
  const { resources, timeoutMs = SHUTDOWN_TIMEOUT_MS, exit = (code: number) => process.exit(code) } = opts;
  let running: Promise<void> | undefined;

  const run = async (signal: string) => {
    const deadline = Date.now() + timeoutMs;
    app.log.info({ signal }, 'shutting down: finishing in-flight requests');
    const timer = setTimeout(() => {
      app.log.error({ timeoutMs }, 'shutdown timed out, exiting');
      exit(1);
    }, timeoutMs);
    try {
      // A keep-alive connection busy when the server closes would otherwise stay open, and keep the
      // server from closing, for the idle timeout (72 s) after its last response.
      app.server.keepAliveTimeout = 1;
      await app.close();
      // The customer's answer is written to the database after its request has ended.
      const unfinished = await app.backgroundTasks.drain(deadline - Date.now() - timeoutMs * CLOSE_SHARE);
      for (const resource of resources) await resource.close();
      if (unfinished > 0) app.log.error({ unfinished }, 'shut down before background work finished');
      else app.log.info('shut down');
      exit(unfinished === 0 ? 0 : 1);
    } catch (err) {
      app.log.error({ err }, 'shutdown failed');
      exit(1);
    } finally {
      clearTimeout(timer);
    }
  };
  return (signal) => (running ??= run(signal));
}
