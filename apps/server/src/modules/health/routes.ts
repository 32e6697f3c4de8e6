import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { readiness } from './checks';

/**
 * Probes for load balancers and orchestrators: anonymous and free of secrets. While the server shuts
 * down Fastify itself answers every request, these included, with 503 (return503OnClosing).
 * Probes come every few seconds, so only warnings of these routes reach the log.
 */
export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;
  const probe = { config: { access: 'anonymous' as const }, logLevel: 'warn' as const };

  // The process is up and serving; says nothing about its dependencies (a restart would not fix them).
  app.get('/health/live', { ...probe, schema: { summary: '存活检查' } }, async () => ({ status: 'UP' }));

  app.get('/health/ready', { ...probe, schema: { summary: '就绪检查' } }, async (_request, reply) => {
    const result = await readiness(deps);
    return reply.status(result.status === 'UP' ? 200 : 503).send(result);
  });
};
