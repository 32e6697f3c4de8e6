import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/** See docs/ai-service.md. */
export const chatRoutes: FastifyPluginAsyncZod = async () => {};
