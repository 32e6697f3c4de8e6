import type { FastifyPluginAsync } from 'fastify';
import { inboxWorker } from './inbox';
import { senderWorker } from './sender';

/**
 * The Douyin inbox and send workers of this instance, started when the app is ready and stopped (their pass
 * under way finished) when it closes, like the job scheduler. Every instance runs both; the claims decide who
 * does what.
 */
export const douyinWorkers: FastifyPluginAsync = async (app) => {
  const deps = { ...app.deps, log: app.log };
  const workers = [inboxWorker(deps), senderWorker(deps)];
  app.addHook('onReady', async () => {
    for (const w of workers) await w.start();
  });
  app.addHook('onClose', async () => {
    for (const w of workers) await w.stop();
  });
};
