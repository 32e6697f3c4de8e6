import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { AppDeps } from '../../../app';
import type { PubSub } from '../../../infra/pubsub';

/** Where an app's notification deliveries run after the request that caused them has answered. */
export interface NotifyRunner {
  /** Shutdown waits for a tracked delivery (app.backgroundTasks). */
  track(task: Promise<void>): void;
  log: FastifyBaseLogger;
}

// Assignments are announced by services that get only the app's deps (the capture inside a chat turn,
// the reclaim timer); the runner is found through the pub/sub the announcement goes out on, which every
// app has its own of, even two instances on one database in one process (tests).
const runners = new WeakMap<PubSub, NotifyRunner>();

/** Makes the app's background tasks and log the runner of notifications announced with its deps. */
export function bindNotifyRunner(app: FastifyInstance): void {
  runners.set(app.deps.pubsub, { track: (task) => app.backgroundTasks.track(task), log: app.log });
}

export function notifyRunner(deps: Pick<AppDeps, 'pubsub'>): NotifyRunner {
  const runner = runners.get(deps.pubsub);
  if (!runner) throw new Error('lead notifications are not bound to an app (notifyRoutes is not registered)');
  return runner;
}
